/**
 * The speed layer: what makes the build faster and the pages lighter, in one place, each trick
 * switchable (switches.ts; `SPEED_OFF=all` turns every one off). docusaurus.config.ts takes from here
 * its speed plugins, its page template and the two plugins that stand in for upstream ones. Outside
 * this folder only scripts/build.ts (unminified-html.ts' environment), src/theme/DocVersionRoot (the
 * route shards' sidebar, from shims/) and the tests and benches import its modules. Feature plugins
 * are in plugins/; the two reference-page fixes the OpenAPI theme needs (plugins/reference-html.ts) are
 * behaviour and stay on.
 */
import type {PluginConfig, PluginOptions} from '@docusaurus/types';

import {bootAfterPaintTemplate} from './boot-after-paint';
import bundleCachePlugin from './bundle-cache';
import leanBundlePlugin from './lean-bundle';
import leanDocsGlobalData from './lean-docs-global-data';
import openApiDocsCli from './openapi-docs-cli';
import operationPastMdxPlugin from './operation-past-mdx';
import pageChunksPlugin from './page-chunks';
import routeShardsPlugin from './route-shards';
import serverSharedChunkPlugin from './server-shared-chunk';
import ssgCachePlugin from './ssg-cache';
import {isTrickOn, type SpeedTrick} from './switches';

export {tricksOff, isTrickOn} from './switches';

/** The docs plugin for each docs instance: with the `docs-global-data` trick off, the docs plugin as it comes. */
export const docsPlugin = leanDocsGlobalData;

/** docusaurus-plugin-openapi-docs with its options: loaded for its commands only (`openapi-cli-only`), or as it comes. */
export function openApiDocsEntry(options: PluginOptions): PluginConfig {
  return isTrickOn('openapi-cli-only') ? [openApiDocsCli, options] : ['docusaurus-plugin-openapi-docs', options];
}

/** The page template: the app starts once the page is painted (`boot-after-paint`), or Docusaurus' own. */
export const ssrTemplate = isTrickOn('boot-after-paint') ? bootAfterPaintTemplate : undefined;

/** The plugins of the tricks switched on, each with the trick that switches it. */
const plugins: [SpeedTrick | 'switched-inside', PluginConfig][] = [
  // Module replacements in the bundles, each switched by its own trick (lean-bundle.ts).
  ['switched-inside', leanBundlePlugin],
  // What pages' chunks share, split by which pages share it, and named chunk ids (two tricks inside).
  ['switched-inside', pageChunksPlugin],
  // The browser's route table without the reference's pages: each path's routes load with its page.
  ['route-shards', routeShardsPlugin],
  // Each operation page's JSON string goes around MDX's parser, not through it.
  ['operation-past-mdx', operationPastMdxPlugin],
  // The server bundle holds modules its page chunks share once, not once per page.
  ['server-shared-chunk', serverSharedChunkPlugin],
  // Pages whose rendering inputs are unchanged since the last build are written from a cache.
  ['ssg-cache', ssgCachePlugin],
  // The bundler's output of the last build, reused when nothing it read has changed.
  ['bundle-cache', bundleCachePlugin],
];

/** The speed plugins docusaurus.config.ts spreads into its plugins. */
export const speedPlugins: PluginConfig[] = plugins
  .filter(([trick]) => trick === 'switched-inside' || isTrickOn(trick))
  .map(([, plugin]) => plugin);
