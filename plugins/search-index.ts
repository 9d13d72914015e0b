/**
 * The search index, written by Pagefind after the pages are rendered: the text of every page of the
 * docs plugins (guides, tutorials, FAQs and the API reference; not the home page, the changelog or
 * the contributors' writing guide), each page's content only (`.theme-doc-markdown`: no navbar,
 * sidebar or breadcrumbs). Pagefind splits the index by word, so the browser loads the chunks of the
 * words a reader types and the pages it shows, not the whole index: the first search stays small
 * whatever the size of the API (bench/README.md, "Search engines compared"). src/search/engine.ts
 * searches it.
 */
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import type * as Pagefind from 'pagefind' with {'resolution-mode': 'import'};

import {leafRoutesOf} from './llms-txt';
import {eachLimited} from '../lib/each-limited';
import {pageFile, type PageFileParams} from '../lib/page-file';
import {searchIndexDir} from '../lib/search-index';

/** What Pagefind reads of a page: its content, the docs theme's Markdown column. */
const pageContent = '.theme-doc-markdown';

/**
 * Code blocks of the pages generated from a description weigh 0.3 of a word of text: a value an
 * example response shows on every operation (`value_error.missing` in each 422) is weaker evidence
 * than the guide that explains it. An operation page is known by its method-and-path heading.
 */
const operationPageMark = 'openapi__method-endpoint';
const referenceCodeWeight = '0.3';

/** Pagefind's ready-made search interfaces: the site has its own box and page (src/theme/SearchBar). */
const unusedFiles = /^pagefind-(?:component-ui|modular-ui|ui|highlight)\.(?:js|css)$/;

type PagefindNode = typeof Pagefind;

/**
 * Pagefind's Node module, which is ESM only (no `require` entry): loaded by `import()` of its file,
 * found as Node finds a package, so the TypeScript loaders of the build and the tests leave it be.
 */
async function loadPagefind(): Promise<PagefindNode> {
  for (const modules of require.resolve.paths('pagefind') ?? []) {
    const manifest = path.join(modules, 'pagefind', 'package.json');
    if (!existsSync(manifest)) continue;
    const {exports} = JSON.parse(readFileSync(manifest, 'utf8')) as {exports: {'.': {import: string}}};
    return (await import(pathToFileURL(path.join(modules, 'pagefind', exports['.'].import)).href)) as PagefindNode;
  }
  throw new Error('The search index needs the pagefind package: run npm ci');
}

/** Docs plugin instances that are not for readers: the contributors' writing guide (/markdown-page). */
const unsearchedDocs = ['markdown-page'];

/** The leaf routes of the docs plugins (but the writing guide's): the pages the index holds. */
export function searchedRoutes(routes: readonly RouteConfig[]): string[] {
  return leafRoutesOf(
    routes,
    ({name, id}) => name === 'docusaurus-plugin-content-docs' && !unsearchedDocs.includes(id),
  ).sort();
}

/**
 * The page as Pagefind reads it. Pagefind joins the text of inline elements and of table cells, which
 * made a field's name and its type (`learning_rate`, `number`), or a table's cells ("Calls", "Header",
 * "Trainer"), one word no reader types: a space goes between cells, and on an operation page between
 * a schema field's name, type and "required". There, code blocks also weigh less.
 */
export function searchedHtml(html: string): string {
  // Before each cell's tag: the minified HTML leaves out the closing ones.
  const spaced = html.replace(/<t[dh](?=[\s>])/g, ' $&');
  if (!spaced.includes(operationPageMark)) return spaced;
  return spaced
    .replace(/<pre(?=[\s>])/g, `<pre data-pagefind-weight=${referenceCodeWeight}`)
    .replace(/<span class=(?:"?)openapi-schema__/g, (tag) => ` ${tag}`);
}

/** Pages handed to Pagefind before it has answered for the first. */
const pagesInFlight = 8;

/** Writes the index of the pages `routes` name into `<outDir>/pagefind`; returns how many pages it holds. */
export async function writeSearchIndex(site: PageFileParams, routes: readonly string[]): Promise<number> {
  const {outDir} = site;
  const pagefind = await loadPagefind();
  const target = path.join(outDir, searchIndexDir);
  rmSync(target, {recursive: true, force: true});
  const {index, errors} = await pagefind.createIndex({
    rootSelector: pageContent,
    // The "#" links of headings and schema fields, and buttons' labels ("Copy"), are no words of the page.
    excludeSelectors: ['.hash-link', '.openapi-anchor__link', 'button'],
    forceLanguage: 'en',
  });
  if (!index) throw new Error(`The search index could not be started: ${errors.join('; ')}`);
  try {
    let pages = 0;
    // Several pages on their way at once: Pagefind reads one while this process reads and encodes the
    // next (its index is the same whatever the order; bench/README.md, "Tricks without a switch").
    await eachLimited(routes, pagesInFlight, async (route) => {
      const file = pageFile(route, site);
      const html = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      // A generated category page has no Markdown column: its cards repeat the pages' own descriptions.
      if (!html?.includes(pageContent.slice(1))) return;
      const added = await index.addHTMLFile({url: route, content: searchedHtml(html)});
      if (added.errors.length) throw new Error(`The search index could not read ${route}: ${added.errors.join('; ')}`);
      pages += 1;
    });
    const written = await index.writeFiles({outputPath: target});
    if (written.errors.length) throw new Error(`The search index could not be written: ${written.errors.join('; ')}`);
    for (const file of readdirSync(target)) if (unusedFiles.test(file)) rmSync(path.join(target, file));
    return pages;
  } finally {
    await pagefind.close();
  }
}

/** The search page's route: a tool, not content (no Markdown twin, out of the sitemap and the index). */
export const searchPageRoute = 'search';

export default function searchIndexPlugin(context: LoadContext): Plugin {
  return {
    name: 'search-index',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: `${context.baseUrl}${searchPageRoute}`,
        component: '@site/src/components/SearchPage',
        exact: true,
      });
    },
    async postBuild({routes}) {
      const started = performance.now();
      const {outDir, baseUrl, siteConfig} = context;
      const pages = await writeSearchIndex(
        {outDir, baseUrl, trailingSlash: siteConfig.trailingSlash},
        searchedRoutes(routes),
      );
      if (pages === 0) throw new Error('The search index holds no page: no docs page has a .theme-doc-markdown column');
      console.log(`[search index] ${pages} pages indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}
