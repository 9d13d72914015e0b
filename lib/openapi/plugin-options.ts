import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';

import type * as ApiPage from './api-page';
import type {ApiDocItemGenerator} from 'docusaurus-plugin-openapi-docs/src/types';

import {restorePlacedOperation} from './placed';
import {generatedSpecPath, openApiSpecs, referenceOutputDir, specDownloadPath, type OpenApiSpec} from './specs';

/**
 * The page templates (lib/openapi/api-page.ts, with the plugin's Markdown and the Postman helpers),
 * loaded when generation first calls them, not by every module that imports these options:
 * docusaurus.config.ts does, in every Docusaurus process (a tenth of a second at its start).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const apiPage = () => require('./api-page') as typeof ApiPage;

/** The plugin's copy of a description (lib/openapi/plugin-input.ts), which gen-api-docs writes beside the generated one. */
export function pluginSpecPath(spec: OpenApiSpec): string {
  return generatedSpecPath(spec).replace(/\.json$/, '.plugin.json');
}

/** The docs instance that holds the API section, the generated reference included (docusaurus.config.ts). */
export const apiDocsPluginId = 'api';

/**
 * An operation's sidebar item, as the plugin makes it (its sidebars/index.ts, createDocItem), of the
 * method the description gives: an operation the plugin's copy placed under another method (OpenAPI
 * 3.2's `query`, `additionalOperations`: plugin-input.ts placedFor) is given its own back first, which
 * its page then has too (the sidebar is made before the pages).
 */
const operationSidebarItem: ApiDocItemGenerator = (
  item,
  {sidebarOptions: {customProps}, basePath},
) => {
  const id = item.type === 'schema' ? `schemas/${item.id}` : item.id;
  if (item.type === 'api') restorePlacedOperation(item.api as never);
  const classes =
    item.type === 'api'
      ? [item.api.deprecated && 'menu__list-item--deprecated', item.api.method && 'api-method', item.api.method]
      : [item.schema.deprecated && 'menu__list-item--deprecated', 'schema'];
  const className = classes.filter(Boolean).join(' ');
  return {
    type: 'doc' as const,
    id: basePath === '' ? id : `${basePath}/${id}`,
    label: (item.frontMatter.sidebar_label as string | undefined) ?? item.title ?? id,
    customProps,
    className: className || undefined,
  };
};

/**
 * docusaurus-plugin-openapi-docs' options: one entry per description in openapi/ (lib/openapi/specs.ts);
 * `npm run gen-api-docs` writes each reference into api/api-reference/<referenceId>/ (git-ignored build
 * output). Shared by docusaurus.config.ts and scripts/generate-reference-pages.ts, which generates the
 * pages without loading the site.
 */
export const openApiPluginOptions = {
  id: 'openapi',
  docsPluginId: apiDocsPluginId,
  config: Object.fromEntries(
    openApiSpecs.map((spec) => [
      spec.id,
      {
        // The YAML plus build-time code samples (npm run gen-api-docs), its schemas inlined to a size
        // (lib/openapi/plugin-input.ts); downloads serve the YAML itself.
        specPath: pluginSpecPath(spec),
        outputDir: referenceOutputDir(spec),
        downloadUrl: specDownloadPath(spec),
        // The landing page lives at /api/api-reference/<referenceId> and links to every operation.
        infoTemplate: 'lib/openapi/info-page.mustache',
        // Operations grouped by tag, a tag under its `parent` (OpenAPI 3.2's nested tags) when it has
        // one; the groups start collapsed and open around the current page.
        sidebarOptions: {groupPathsBy: 'tagParent', sidebarCollapsed: true, sidebarGenerators: {createDocItem: operationSidebarItem}},
        // Operation pages carry the operation in their body, not their front matter (lib/openapi/api-page.ts).
        template: 'lib/openapi/api-page.mustache',
        markdownGenerators: {
          createApiPageMD: (page) => apiPage().apiPageMarkdown(page),
          createInfoPageMD: (page) => apiPage().infoPageMarkdown(page),
        },
        // Raw JSON in each page gzips better than the default base64-encoded gzip, and spares the
        // browser an ungzip library (speed/lean-bundle.ts).
        disableCompression: true,
      } satisfies OpenApiPlugin.Options,
    ]),
  ),
};

/**
 * What the OpenAPI plugin reads of the site's configuration when scripts/generate-reference-pages.ts
 * makes it without loading the site: the plugin entries it looks itself and its docs instance up in (the API docs instance, like every docs instance of the site, is in the folder and at
 * the route of its id).
 */
export const siteConfigForGeneration = {
  presets: [],
  plugins: [
    ['@docusaurus/plugin-content-docs', {id: apiDocsPluginId, path: apiDocsPluginId, routeBasePath: apiDocsPluginId}],
    ['docusaurus-plugin-openapi-docs', openApiPluginOptions],
  ],
};
