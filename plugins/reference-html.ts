/**
 * Two changes to the OpenAPI theme's reference pages, so that the server-rendered HTML holds what a
 * reader, a search engine, our search index and the Markdown twins need (behaviour, not speed: always
 * on, whatever SPEED_OFF says):
 * - every field: the theme renders the parameters, request body and responses in the browser only
 *   (`@docusaurus/BrowserOnly`); here they render on the server too (src/reference-html/render-on-server.tsx);
 * - every alternative of a `oneOf` or `anyOf`: the theme's tabs render the selected one alone; here each
 *   tab's panel is in the HTML, the others hidden (src/reference-html/schema-tabs-every-panel.tsx).
 * tests/unit/bundle-shims.test.ts pins the theme modules these are written against.
 */
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';
import type {RuleSetRule} from 'webpack';

import {packageModule} from '../lib/package-module';

const fix = (name: string) => path.resolve(__dirname, '../src/reference-html', name);
const themeModule = (name: string) =>
  packageModule('docusaurus-theme-openapi-docs/package.json', `lib/theme/${name}/index.js`);

/** The theme's modules whose `@docusaurus/BrowserOnly` becomes a component that renders on the server too. */
export const serverRenderedReferenceModules = ['ParamsDetails', 'RequestSchema', 'ResponseSchema'].map(themeModule);
export const renderOnServerShim = fix('render-on-server.tsx');

/** The theme's schema module, whose oneOf and anyOf tabs render every alternative into the HTML. */
export const schemaModule = themeModule('Schema');
export const everyAlternativeShim = fix('schema-tabs-every-panel.tsx');

const rules: RuleSetRule[] = [
  {include: serverRenderedReferenceModules, resolve: {alias: {'@docusaurus/BrowserOnly': renderOnServerShim}}},
  {include: [schemaModule], resolve: {alias: {'@theme/SchemaTabs': everyAlternativeShim}}},
];

export default function referenceHtmlPlugin(): Plugin {
  return {name: 'reference-html', configureWebpack: () => ({module: {rules}})};
}
