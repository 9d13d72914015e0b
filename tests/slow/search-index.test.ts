/**
 * plugins/search-theme.ts parses the pages in worker threads, then lets the search theme build its
 * index from those parses, or (a small site) has the theme parse them in its own thread with
 * htmlparser2: either way the index must be the one the theme builds alone, byte for byte, and so must
 * the index built again from the parse cache. Seven index builds, each in a worker thread that loads
 * the theme anew (about 8 s), so it runs in `npm run test:slow`, not in the unit suite.
 */
import assert from 'node:assert/strict';
import {cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {runInWorker} from '../../plugins/in-worker';
import type {SearchIndexInput} from '../support/search-index';

const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-search-index-'));
after(() => rmSync(root, {recursive: true, force: true}));

/** A docs page as Docusaurus renders one: navbar, sidebar, an article of headed sections. */
function page(title: string, sections: [string, string][], {noindex = false} = {}): string {
  const headings = sections
    .map(
      ([heading, text]) =>
        `<h2 class="anchor" id="${heading.toLowerCase().replace(/\W+/g, '-')}">${heading}<a href="#${heading.toLowerCase().replace(/\W+/g, '-')}" class="hash-link" aria-hidden="true" title="Direct link">#</a></h2><p>${text}</p>`,
    )
    .join('');
  return [
    `<!doctype html><html lang="en"><head><title>${title} | Orchard AI</title>`,
    `<meta name="description" content="About ${title.toLowerCase()}.">${noindex ? '<meta name="robots" content="noindex">' : ''}</head>`,
    '<body><nav class="navbar"><a class="navbar__link navbar__link--active" href="/docs/intro">Home</a></nav>',
    '<div class="main-wrapper"><nav class="menu"><ul><li class="menu__list-item-collapsible"><a class="menu__link menu__link--active" href="/docs">Guides</a></li></ul></nav>',
    `<main><article><header><h1>${title}</h1></header><p>${title} in one paragraph.</p>${headings}</article></main></div></body></html>`,
  ].join('');
}

test('the wrapper builds the index the search theme builds alone, byte for byte', async () => {
  const pages: Record<string, string> = {
    '/docs/quickstart': page('Quickstart', [
      ['Get a key', 'Create an API key in the developer portal.'],
      ['Make a call', 'Send x-public-key with every request.'],
    ]),
    '/docs/models': page('Models', [['Families', 'Dragonfruit, Grapefruit, Papaya and Jackfruit.']]),
    '/docs/hidden': page('Hidden', [['Secret', 'Not in the index.']], {noindex: true}),
    '/docs/troubleshooting': page('Troubleshooting', [
      ['422 errors', 'Each item of detail has loc, msg and type.'],
      ['Timeouts', 'Retry with backoff.'],
    ]),
    '/docs/responsible-use': page('Responsible use', []),
  };
  const site = path.join(root, 'site');
  mkdirSync(site, {recursive: true});
  const pagesDir = path.join(root, 'pages');
  for (const [permalink, html] of Object.entries(pages)) {
    mkdirSync(path.join(pagesDir, permalink), {recursive: true});
    writeFileSync(path.join(pagesDir, permalink, 'index.html'), html);
  }
  const indexOf = async (way: SearchIndexInput['way'], parseCacheDir = path.join(root, `cache-${way}`)) => {
    const outDir = path.join(root, `build-${way}`);
    rmSync(outDir, {recursive: true, force: true});
    cpSync(pagesDir, outDir, {recursive: true});
    await runInWorker<SearchIndexInput>(require.resolve('../support/search-index'), 'writeSearchIndex', {
      way,
      siteDir: site,
      outDir,
      docs: Object.keys(pages),
      options: {indexBlog: false, docsRouteBasePath: ['docs'], explicitSearchResultPath: true},
      parseCacheDir,
    });
    return readFileSync(path.join(outDir, 'search-index.json'), 'utf8');
  };
  const [theme, wrapper, inThread] = [
    await indexOf('theme'),
    await indexOf('wrapper'),
    await indexOf('wrapper-in-thread'),
  ];
  assert.match(theme, /Send x-public-key with every request\./, 'the index holds the pages’ sections');
  assert.doesNotMatch(theme, /Not in the index/, 'a noindex page stays out');
  assert.equal(wrapper, theme);
  assert.equal(inThread, theme);
  // Built again, every page's parse comes from the cache (one file each, the noindex page's too), and
  // the workers' index too (with its list of files): the same index either way.
  const cacheDir = path.join(root, 'cache-wrapper');
  const entries = () => readdirSync(cacheDir).map((name) => `${name} ${statSync(path.join(cacheDir, name)).mtimeMs}`);
  const parses = () => readdirSync(cacheDir).filter((name) => !name.startsWith('index-'));
  const before = entries();
  assert.equal(parses().length, Object.keys(pages).length);
  assert.equal(before.length, Object.keys(pages).length + 2, 'the parses, the index and its list');
  assert.equal(await indexOf('wrapper'), theme);
  assert.deepEqual(entries(), before, 'read from the cache, not parsed, built and written again');
  assert.equal(await indexOf('wrapper-in-thread'), theme);
  // A page's parse is found by its content: a changed page is parsed again, the index built again,
  // and the cache keeps only the parses and index of the last build.
  const quickstart = path.join(pagesDir, 'docs/quickstart/index.html');
  writeFileSync(quickstart, readFileSync(quickstart, 'utf8').replace('every request', 'each request'));
  const changed = await indexOf('wrapper');
  assert.match(changed, /Send x-public-key with each request\./);
  assert.equal(changed, await indexOf('theme'));
  assert.equal(parses().length, Object.keys(pages).length);
  assert.equal(readdirSync(cacheDir).length, Object.keys(pages).length + 2);
  assert.equal(await indexOf('wrapper'), changed, 'the changed index, from the cache');
});
