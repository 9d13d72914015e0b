/**
 * plugins/search-theme.ts: a page's parse is cached by its content, and the theme hashes the docs
 * folders only once generation is done. That its index is the theme's own, byte for byte, is proven
 * by tests/slow/search-index.test.ts (seven index builds, each in a worker thread of its own).
 */
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {awaitGenerationEnv, generationDoneLine} from '../../plugins/generation-gate';
import {parseCacheOf, parseKey} from '../../plugins/search-theme';
import {expectedIndexHash} from '../support/search-hash';
import {madeLine, pageWrittenLine} from '../support/search-theme-gated';

const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-search-theme-'));
after(() => rmSync(root, {recursive: true, force: true}));

test("a page's parse is keyed by its content, not by the bundle file names of its script and link tags", () => {
  const cache = parseCacheOf(root, {ignoreCssSelectors: [], forceIgnoreNoIndex: false}, path.join(root, 'keys'));
  const html = (runtime: string, text: string) =>
    `<html><head><link rel=stylesheet href=/assets/css/styles.${runtime}.css></head><body><main><p>${text}</p></main><script>boot(["/assets/js/runtime~main.${runtime}.js"])</script></body></html>`;
  const key = (page: string) => parseKey(cache, page, 'docs', '/docs/a');
  assert.equal(key(html('0123abcd', 'Hello')), key(html('89efcdab', 'Hello')));
  assert.notEqual(key(html('0123abcd', 'Hello')), key(html('0123abcd', 'Hello!')));
  // Outside script and link tags an asset's name is the page's text.
  assert.notEqual(
    key(html('0123abcd', 'See /assets/js/main.0123abcd.js')),
    key(html('0123abcd', 'See /assets/js/main.89efcdab.js')),
  );
  assert.notEqual(key(html('0123abcd', 'Hello')), parseKey(cache, html('0123abcd', 'Hello'), 'docs', '/docs/b'));
});

test('held at the generation gate, the theme hashes the docs folders once the generated pages are written', async () => {
  // npm run build's bundling Docusaurus makes its plugins while gen-api-docs writes the reference pages
  // (plugins/generation-gate.ts); the theme hashes the docs folders as it is made.
  const site = path.join(root, 'gated');
  mkdirSync(path.join(site, 'docs'), {recursive: true});
  writeFileSync(path.join(site, 'docs/intro.md'), '# Intro\n');
  const child = spawn(process.execPath, ['--import', 'tsx', require.resolve('../support/search-theme-gated'), site], {
    env: {...process.env, [awaitGenerationEnv]: 'true'},
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += String(chunk);
    // Generation is done only once the page is written.
    if (output.includes(`${pageWrittenLine}\n`) && child.stdin.writable) child.stdin.end(`${generationDoneLine}\n`);
  });
  const [code] = (await once(child, 'close')) as [number | null];
  assert.equal(code, 0, output);
  const [, hash] = output.match(new RegExp(`${madeLine} (\\S+)`)) ?? [];
  const options = {themes: [['search', {docsDir: ['docs'], hashed: true}]]};
  assert.equal(hash, expectedIndexHash(site, options), 'the hash of the docs folder with the generated page');
});
