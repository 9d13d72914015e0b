import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';

import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';

/** Where the build leaves its map of route → source file, for `scripts/build.ts` to read. */
export function routeSourcesFile(generatedFilesDir: string): string {
  return path.join(generatedFilesDir, 'route-sources.json');
}

/** A link Docusaurus reported broken: the page (route) it is on, as written there, and whether an anchor is. */
export type BrokenLink = {page: string; link: string; anchor: boolean};

/**
 * The broken links and anchors Docusaurus' report in `output` lists, page by page:
 * `- Broken link on source page path = <page>:` then `   -> linking to <link>` lines, with
 * ` (resolved as: <path>)` after a relative one (its brokenLinks.js; indented when printed as an
 * error's cause).
 */
export function brokenLinksIn(output: string): BrokenLink[] {
  const found: BrokenLink[] = [];
  let page: {path: string; anchor: boolean} | undefined;
  // eslint-disable-next-line no-control-regex -- colours, were Docusaurus to print them
  for (const line of output.replace(/\u001b\[[\d;]*m/g, '').split('\n')) {
    const header = /Broken (link|anchor) on source page path = (\S+?):\s*$/.exec(line);
    const target = /^\s*-> linking to (.+?)(?: \(resolved as: .*\))?\s*$/.exec(line);
    if (header) page = {path: header[2]!, anchor: header[1] === 'anchor'};
    else if (target && page) found.push({page: page.path, link: target[1]!, anchor: page.anchor});
    else page = undefined;
  }
  return found;
}

/**
 * A description's reference pages: their folder (`api/api-reference/<referenceId>`, whose pages'
 * routes and source files it names), and what to say of the relative links found broken on them
 * (lib/openapi/descriptions.ts descriptionLinkLines, for the description's file).
 */
export type ReferenceLinks = {
  folder: string;
  describe: (links: readonly {link: string; pages: readonly string[]}[]) => string[];
};

/**
 * Lines naming the source file of every page Docusaurus reported a broken link or anchor on. A broken
 * link of a reference page (`references`) is the description's: one line per link, however many pages
 * show it, from its reference's `describe`; a broken anchor there does not fail the build, and is left
 * to Docusaurus' warning.
 */
export function describeBrokenLinkSources(
  output: string,
  sources: Record<string, string>,
  references: readonly ReferenceLinks[] = [],
): string[] {
  const sourceOf = (page: string) => sources[page] ?? sources[page.replace(/\/$/, '')];
  const referenceOf = (page: string) => {
    const source = sourceOf(page);
    return references.find(
      ({folder}) => source?.startsWith(`${folder}/`) || page === `/${folder}` || page.startsWith(`/${folder}/`),
    );
  };
  const handled = new Set<string>();
  const links = new Map<ReferenceLinks, Map<string, string[]>>();
  for (const {page, link, anchor} of brokenLinksIn(output)) {
    const reference = referenceOf(page);
    if (!reference) continue;
    handled.add(page);
    if (anchor) continue;
    const byLink = links.get(reference) ?? new Map<string, string[]>();
    links.set(reference, byLink.set(link, [...(byLink.get(link) ?? []), page]));
  }
  // Every other page reported (and a reference page whose links could not be read) named by its source.
  const pages = new Set(
    [...output.matchAll(/Broken (?:link|anchor) on source page path = (\S+?):/g)]
      .map(([, page]) => page!)
      .filter((page) => !handled.has(page)),
  );
  return [
    ...[...pages].map((page) => {
      const source = sourceOf(page);
      return source
        ? `Broken link in ${source} (page ${page})`
        : `Broken link on page ${page} (no source file recorded: a generated page, its sidebar or the layout)`;
    }),
    ...[...links].flatMap(([reference, byLink]) =>
      reference.describe([...byLink].map(([link, onPages]) => ({link, pages: onPages}))),
    ),
  ];
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
