import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';

import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';

/** Where the build leaves its map of route → source file, for `scripts/build.ts` to read. */
export function routeSourcesFile(generatedFilesDir: string): string {
  return path.join(generatedFilesDir, 'route-sources.json');
}

/** Lines naming the source file of every page Docusaurus reported a broken link or anchor on. */
export function describeBrokenLinkSources(output: string, sources: Record<string, string>): string[] {
  const pages = [...output.matchAll(/Broken (?:link|anchor) on source page path = (\S+?):/g)].map(([, page]) => page!);
  return [...new Set(pages)].map((page) => {
    const source = sources[page] ?? sources[page.replace(/\/$/, '')];
    return source
      ? `Broken link in ${source} (page ${page})`
      : `Broken link on page ${page} (no source file recorded: a generated page, its sidebar or the layout)`;
  });
}

function collect(routes: readonly RouteConfig[], into: Record<string, string>): Record<string, string> {
  for (const route of routes) {
    const source = route.metadata?.sourceFilePath;
    if (source) into[route.path] = source;
    if (route.routes) collect(route.routes, into);
  }
  return into;
}

/**
 * Docusaurus names a broken link's page by its route only; this plugin records which file each route
 * is built from, so the build can name the file to fix. postBuild runs just before the link check.
 */
export default function routeSourcesPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-sources',
    async postBuild({routes}) {
      const file = routeSourcesFile(context.generatedFilesDir);
      await mkdir(path.dirname(file), {recursive: true});
      await writeFile(file, JSON.stringify(collect(routes, {}), null, 2));
    },
  };
}
