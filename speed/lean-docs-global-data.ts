/**
 * The `docs-global-data` trick: a docs instance's global data (which every page's entry bundle holds)
 * without the list of its docs. Docusaurus' docs plugin lists each doc's id, path and sidebar there
 * (over 10 KB gzipped for the API instance alone at 2,000 operations); in the browser only the navbar's
 * doc items and the version banner read that list (plugin-content-docs' docsClientUtils.js, pinned
 * with the plugin's globalData.js in tests/unit/bundle-shims.test.ts), and this site's navbar links
 * by path and has one version. Each version keeps its main doc, which a version navbar item reads.
 * An instance a navbar item names keeps its whole list. `SPEED_OFF=docs-global-data` turns it off.
 */
import docsPlugin, {validateOptions, type LoadedContent} from '@docusaurus/plugin-content-docs';
import type {GlobalPluginData} from '@docusaurus/plugin-content-docs/client';
import type {LoadContext, Plugin, PluginConfig, PluginModule} from '@docusaurus/types';

import {isTrickOn} from './switches';

type DocsOptions = Parameters<typeof docsPlugin>[1];

/** The navbar items that read an instance's doc list (theme-classic's doc, docSidebar and version items). */
const docListReaders = new Set(['doc', 'docSidebar', 'docsVersion', 'docsVersionDropdown']);

function navbarReadsDocList(context: LoadContext, pluginId: string): boolean {
  const navbar = (context.siteConfig.themeConfig as {navbar?: {items?: Record<string, unknown>[]}}).navbar;
  const items = (navbar?.items ?? []).flatMap((item) => [item, ...((item.items as Record<string, unknown>[]) ?? [])]);
  return items.some(
    (item) => docListReaders.has(item.type as string) && ((item.docsPluginId as string) ?? 'default') === pluginId,
  );
}

/** The global data with each version's doc list cut to its main doc. */
export function withoutDocList(data: GlobalPluginData): GlobalPluginData {
  return {
    ...data,
    versions: data.versions.map((version) => ({
      ...version,
      docs: version.docs.filter((doc) => doc.id === version.mainDocId),
    })),
  };
}

async function leanDocsGlobalData(context: LoadContext, options: DocsOptions): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  if (!isTrickOn('docs-global-data') || navbarReadsDocList(context, options.id)) return plugin;
  const {contentLoaded} = plugin;
  return {
    ...plugin,
    contentLoaded: contentLoaded
      ? (args) =>
          contentLoaded({
            ...args,
            actions: {
              ...args.actions,
              setGlobalData: (data) => args.actions.setGlobalData(withoutDocList(data as GlobalPluginData)),
            },
          })
      : undefined,
  };
}
// Docusaurus validates a plugin function's options with the function's own validateOptions.
const leanDocsPlugin = Object.assign(leanDocsGlobalData, {validateOptions}) as unknown as PluginModule;
export default leanDocsPlugin;

/**
 * A site's plugin entry as the docs plugin's package name for code that finds a docs instance by it
 * (docusaurus-plugin-openapi-docs' getDocsPluginConfig): this plugin's entries are that plugin's.
 */
export function asDocsPluginEntry(entry: PluginConfig): PluginConfig {
  return Array.isArray(entry) && entry[0] === leanDocsPlugin ? ['@docusaurus/plugin-content-docs', entry[1]] : entry;
}
