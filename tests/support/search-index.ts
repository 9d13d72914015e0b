/**
 * Builds a search index over a folder of pages as Docusaurus' build would, with the search theme
 * itself or with our wrapper of it (plugins/search-theme.ts): for tests/slow/search-index.test.ts,
 * which runs each in a worker thread of its own (the theme numbers its documents with a counter of
 * its module, so two indexes built in one thread would not be numbered alike).
 */
import type {LoadContext, Props} from '@docusaurus/types';

import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';

import {parseCacheOf, searchLocal, withPagesParsedInWorkers} from '../../plugins/search-theme';

export type SearchIndexInput = {
  /** The theme alone, or our wrapper with its pages parsed in worker threads, or in this thread. */
  way: 'theme' | 'wrapper' | 'wrapper-in-thread';
  siteDir: string;
  outDir: string;
  /** Doc permalinks (`/docs/a`), each a page `<outDir>/<permalink>/index.html`. */
  docs: string[];
  options: Record<string, unknown>;
  /** Where the wrapper keeps its parses between builds. */
  parseCacheDir: string;
};

/** Writes `<outDir>/search-index.json` for the pages of `docs`, the theme's way or the wrapper's. */
export async function writeSearchIndex({
  way,
  siteDir,
  outDir,
  docs,
  options,
  parseCacheDir,
}: SearchIndexInput): Promise<void> {
  // As Docusaurus validates a plugin's options: the theme's schema, its defaults filled in.
  const validated = searchLocal.validateOptions({
    options,
    validate: (schema, given) => {
      const {value, error} = schema.validate(given);
      if (error) throw error;
      return value;
    },
  });
  const siteConfig = {baseUrl: '/', themeConfig: {navbar: {items: []}}} as unknown as LoadContext['siteConfig'];
  const context = {
    siteDir,
    generatedFilesDir: `${siteDir}/.docusaurus`,
    baseUrl: '/',
    siteConfig,
    i18n: {currentLocale: 'en'},
  } as unknown as LoadContext;
  const themePlugin = searchLocal.default(context, validated as never);
  // The wrapper as the site builds with it: with its workers whatever the number of pages, or with none.
  const parseOptions = processPluginOptions(validated as never, context);
  const plugin =
    way === 'theme'
      ? themePlugin
      : withPagesParsedInWorkers(
          themePlugin,
          parseOptions,
          parseCacheOf(siteDir, parseOptions, parseCacheDir),
          way === 'wrapper' ? 0 : Infinity,
        );
  const props = {
    outDir,
    baseUrl: '/',
    siteConfig,
    routesPaths: ['/', '/404.html', ...docs],
    plugins: [
      {
        name: 'docusaurus-plugin-content-docs',
        content: {loadedVersions: [{path: '/docs', isLast: true, docs: docs.map((permalink) => ({permalink}))}]},
      },
    ],
  } as unknown as Props;
  await plugin.postBuild!({...props, content: undefined, head: {}, routes: []} as never);
}
