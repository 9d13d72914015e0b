/**
 * plugins/postcss-options.ts: every postcss-loader of the client bundle's style rules runs without
 * searching for a PostCSS configuration file. Checked on the style loaders Docusaurus itself makes, so
 * that a Docusaurus that stops using postcss-loader (or moves it) fails here, not silently.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {createStyleLoadersFactory} from '@docusaurus/bundler';
import * as rspack from '@rspack/core';

import {withoutConfigSearch} from '../../plugins/postcss-options';

async function docusaurusStyleLoaders(isServer: boolean) {
  const getStyleLoaders = await createStyleLoadersFactory({
    currentBundler: {name: 'rspack', instance: rspack as never},
  });
  return getStyleLoaders(isServer, {modules: true}) as {loader: string; options?: Record<string, unknown>}[];
}

test("Docusaurus' client style loaders: postcss-loader keeps its options and searches no configuration", async () => {
  const use = await docusaurusStyleLoaders(false);
  const postcss = use.find((loader) => /[\\/]postcss-loader[\\/]/.test(loader.loader));
  assert.ok(postcss, 'Docusaurus no longer styles the client bundle with postcss-loader');
  const before = structuredClone((postcss.options as {postcssOptions: Record<string, unknown>}).postcssOptions);
  // As Docusaurus nests them: a oneOf of rules, each with its loaders.
  assert.equal(withoutConfigSearch([{oneOf: [{test: /\.css$/, use}]}]), 1);
  assert.deepEqual((postcss.options as {postcssOptions: Record<string, unknown>}).postcssOptions, {
    ...before,
    config: false,
  });
  // The other loaders are left as they were.
  assert.ok(
    use.filter((loader) => loader !== postcss).every((loader) => !('postcssOptions' in (loader.options ?? {}))),
  );
});

test('the server style loaders run no PostCSS: nothing to change', async () => {
  assert.equal(withoutConfigSearch([{use: await docusaurusStyleLoaders(true)}]), 0);
});

test('nested rules are searched, and rules without loaders are skipped', () => {
  const loader = {loader: '/x/node_modules/postcss-loader/dist/cjs.js', options: {postcssOptions: {ident: 'postcss'}}};
  const rules = [null, 'string', {rules: [{oneOf: [{use: [loader]}]}]}, {use: 'style-loader'}];
  assert.equal(withoutConfigSearch(rules), 1);
  assert.deepEqual(loader.options, {postcssOptions: {ident: 'postcss', config: false}});
  assert.equal(withoutConfigSearch(undefined), 0);
});
