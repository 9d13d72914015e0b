import type {LoadContext, Plugin, PluginRouteConfig, RouteConfig} from '@docusaurus/types';

import {markdownPath, twinPlugins} from '../src/markdown-twin';
import {runInWorker} from '../lib/in-worker';
import type {LlmsFilesInput} from './llms-files';

export {markdownPath};

// Sections of llms.txt, in reading order; a page goes in the first whose prefix matches.
const sections: readonly {title: string; prefix: string}[] = [
  {title: 'API reference', prefix: '/api/api-reference/'},
  {title: 'API guides', prefix: '/api'},
  {title: 'Docs', prefix: '/docs'},
  {title: 'Tutorials', prefix: '/tutorials'},
  {title: 'FAQs', prefix: '/faqs'},
  {title: 'Site', prefix: '/'},
];

/** Routes in the order llms.txt lists them: by section, then by path. */
export function routesInListOrder(routes: readonly string[]): {title: string; routes: string[]}[] {
  const placed = new Set<string>();
  const sorted = [...routes].sort();
  return sections
    .map(({title, prefix}) => {
      const inSection = sorted.filter((route) => !placed.has(route) && route.startsWith(prefix));
      for (const route of inSection) placed.add(route);
      return {title, routes: inSection};
    })
    .filter((section) => section.routes.length > 0);
}

/** The leaf routes (pages) of the plugins `madeBy` accepts, each once. */
export function leafRoutesOf(
  routes: readonly RouteConfig[],
  madeBy: (plugin: PluginRouteConfig['plugin']) => boolean,
): string[] {
  const leaves = (route: RouteConfig): string[] => (route.routes?.length ? route.routes.flatMap(leaves) : [route.path]);
  // postBuild's routes are the plugins' top-level routes, each with the plugin that made it.
  const pluginOf = (route: RouteConfig) => (route as Partial<PluginRouteConfig>).plugin ?? {name: '', id: ''};
  return [...new Set(routes.filter((route) => madeBy(pluginOf(route))).flatMap(leaves))];
}

/** The routes that have a Markdown twin: the leaf routes of the docs and pages plugins. */
export function twinRoutes(routes: readonly RouteConfig[]): string[] {
  return leafRoutesOf(routes, ({name}) => twinPlugins.includes(name));
}

/** The feedback API's address for agents: the setting (lib/feedback/setting.ts) made absolute; undefined for none. */
export function feedbackUrlForAgents(setting: unknown, siteUrl: string): string | undefined {
  return typeof setting === 'string' ? new URL(setting, siteUrl).href : undefined;
}

/**
 * For AI assistants and tools (llmstxt.org): after the build, writes the Markdown twin of every page
 * (`/docs/intro.md`, `/index.md`), converted from its built HTML (plugins/html-markdown.ts;
 * API reference pages written from the OpenAPI descriptions, lib/openapi/markdown.ts), `/llms.txt`,
 * which lists every page with a one-sentence summary, and `/llms-full.txt`, every twin in one file.
 * A twin opens with front matter (title, the page's address, the summary), then the page's H1; in
 * llms-full.txt each twin is its H1, a `Source:` line with the page's address, then its body.
 * Pages are converted one at a time and appended as they come, so memory stays flat however many.
 * The work runs in a worker thread (lib/in-worker.ts), beside the other post-build steps.
 */
export default function llmsTxtPlugin(context: LoadContext): Plugin {
  return {
    name: 'llms-txt',
    async postBuild({outDir, routes, siteConfig}) {
      const input: LlmsFilesInput = {
        outDir,
        siteDir: context.siteDir,
        siteTitle: siteConfig.title,
        tagline: siteConfig.tagline,
        siteUrl: siteConfig.url.replace(/\/$/, ''),
        sections: routesInListOrder(twinRoutes(routes)),
        feedbackUrl: feedbackUrlForAgents(siteConfig.customFields?.feedbackApiUrl, siteConfig.url),
      };
      // The worker's module (plugins/llms-files.ts) holds the converters: Docusaurus' thread never loads them.
      await runInWorker(require.resolve('./llms-files'), 'writeLlmsFiles', input);
    },
  };
}
