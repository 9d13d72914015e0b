/**
 * plugins/style-loaders.ts: the bundler's style loaders do less for the same CSS. Checked on the style
 * loaders Docusaurus itself makes and on the OpenAPI theme's own Sass rule, so that a Docusaurus or a
 * theme that changes how it loads styles fails here, not silently.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {createStyleLoadersFactory} from '@docusaurus/bundler';
import * as rspack from '@rspack/core';
import openApiTheme from 'docusaurus-theme-openapi-docs';
import postcss, {type AcceptedPlugin} from 'postcss';

import styleLoadersPlugin, {
  withNothingBeforeNullLoader,
  withoutConfigSearch,
  withPluginsMadeOnce,
} from '../../plugins/style-loaders';

type Loader = {loader: string; options?: {postcssOptions?: {plugins?: unknown[]; [option: string]: unknown}}};
const currentBundler = {name: 'rspack', instance: rspack} as never;
const isPostcssLoader = (loader: Loader) => /[\\/]postcss-loader[\\/]/.test(loader.loader);

async function docusaurusStyleLoaders(isServer: boolean, cssOptions: Record<string, unknown> = {modules: true}) {
  const getStyleLoaders = await createStyleLoadersFactory({currentBundler});
  return getStyleLoaders(isServer, cssOptions) as Loader[];
}

/** The rules the OpenAPI theme adds to a bundle's configuration (its Sass rule among them). */
async function openApiThemeRules(isServer: boolean) {
  const getStyleLoaders = await createStyleLoadersFactory({currentBundler});
  const theme = (
    openApiTheme as unknown as () => {configureWebpack: (...args: unknown[]) => {module?: {rules?: unknown[]}}}
  )();
  return theme.configureWebpack({module: {rules: []}}, isServer, {getStyleLoaders, currentBundler}).module?.rules ?? [];
}

test("Docusaurus' client style loaders: postcss-loader keeps its options and searches no configuration", async () => {
  const use = await docusaurusStyleLoaders(false);
  const postcssLoader = use.find(isPostcssLoader);
  assert.ok(postcssLoader, 'Docusaurus no longer styles the client bundle with postcss-loader');
  const before = structuredClone(postcssLoader.options!.postcssOptions);
  // As Docusaurus nests them: a oneOf of rules, each with its loaders.
  assert.equal(withoutConfigSearch([{oneOf: [{test: /\.css$/, use}]}]), 1);
  assert.deepEqual(postcssLoader.options!.postcssOptions, {...before, config: false});
  // The other loaders are left as they were.
  assert.ok(
    use.filter((loader) => loader !== postcssLoader).every((loader) => !('postcssOptions' in (loader.options ?? {}))),
  );
});

test("Docusaurus' PostCSS plugins, made once, turn a stylesheet into the same CSS as postcss-loader's way", async () => {
  const [cssModules, plain] = [await docusaurusStyleLoaders(false), await docusaurusStyleLoaders(false, {})];
  const named = cssModules.find(isPostcssLoader)!.options!.postcssOptions!.plugins!;
  assert.ok(named.some(Array.isArray), 'Docusaurus names its PostCSS plugins as [module, options]');
  // postcss-loader's own way: each plugin required, and given to PostCSS as its factory (empty options).
  const loaderWay = named.map((plugin) => {
    const [name] = plugin as [string, object];
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- postcss-loader requires its plugins by name.
    const exported = require(name) as {default?: unknown};
    return (exported.default ?? exported) as AcceptedPlugin;
  });
  assert.equal(withPluginsMadeOnce([{use: cssModules}, {use: plain}]), 2);
  const madeOnce = cssModules.find(isPostcssLoader)!.options!.postcssOptions!.plugins! as AcceptedPlugin[];
  assert.ok(
    madeOnce.every((plugin) => !Array.isArray(plugin)),
    'the plugins are made',
  );
  assert.equal(plain.find(isPostcssLoader)!.options!.postcssOptions!.plugins![0], madeOnce[0], 'once for every rule');
  // What postcss-preset-env changes: nesting, logical properties, prefixes, colour functions.
  const stylesheet = [
    '.card { & .title { color: rgb(0 0 0 / 50%); } }',
    '.tile { margin-inline: 1rem; user-select: none; }',
    ':is(h1, h2):focus-visible { inset: 0; }',
    '@media (width >= 600px) { .grid { display: grid; } }',
  ].join('\n');
  for (const run of [1, 2]) {
    const expected = (await postcss(loaderWay).process(stylesheet, {from: `/site/src/run${run}.css`})).css;
    const actual = (await postcss(madeOnce).process(stylesheet, {from: `/site/src/run${run}.css`})).css;
    assert.notEqual(expected, stylesheet, 'the plugins change this stylesheet');
    assert.equal(actual, expected);
  }
});

test("the OpenAPI theme's Sass rule: no Sass compile in the server bundle, the client's left as it is", async () => {
  const server = await openApiThemeRules(true);
  const serverLoaders = () =>
    (server[0] as {use: (Loader | string)[]}).use.map((loader) =>
      typeof loader === 'string' ? loader : loader.loader,
    );
  assert.ok(
    serverLoaders().some((loader) => /sass-loader/.test(loader)),
    'the theme compiles Sass for the server',
  );
  assert.equal(withNothingBeforeNullLoader(server), 1);
  assert.equal(serverLoaders().length, 1);
  assert.match(serverLoaders()[0]!, /[\\/]null-loader[\\/]/);

  const client = await openApiThemeRules(false);
  const before = JSON.stringify(client);
  assert.equal(withNothingBeforeNullLoader(client), 0);
  assert.equal(JSON.stringify(client), before);
  // A null-loader that is alone, or last, is left alone.
  assert.equal(withNothingBeforeNullLoader([{use: ['/x/node_modules/null-loader/dist/cjs.js']}]), 0);
});

test('the plugin changes the rules once the compiler is made, and fails when it finds nothing to change', async () => {
  const plugin = styleLoadersPlugin();
  const compilerWith = (rules: unknown[]) => ({options: {module: {rules}}});
  const applyTo = (isServer: boolean, rules: unknown[]) => {
    const {plugins} = plugin.configureWebpack!({} as never, isServer, {} as never, {} as never) as {
      plugins: {apply: (compiler: unknown) => void}[];
    };
    plugins[0]!.apply(compilerWith(rules));
  };
  const client = [{oneOf: [{use: await docusaurusStyleLoaders(false)}]}, ...(await openApiThemeRules(false))];
  applyTo(false, client);
  const postcssLoaders = JSON.stringify(client).match(/postcss-loader/g) ?? [];
  assert.equal(postcssLoaders.length, 2, 'Docusaurus’ CSS rule and the theme’s Sass rule');
  assert.ok(JSON.stringify(client).split('"config":false').length - 1 === 2, 'both search no configuration');

  const server = await openApiThemeRules(true);
  applyTo(true, server);
  assert.equal((server[0] as {use: unknown[]}).use.length, 1);

  assert.throws(() => applyTo(false, []), /no postcss-loader left to configure/);
  assert.throws(() => applyTo(true, []), /no loader runs before a null-loader/);
});

test('nested rules are searched, and rules without loaders are skipped', () => {
  const loader = {loader: '/x/node_modules/postcss-loader/dist/cjs.js', options: {postcssOptions: {ident: 'postcss'}}};
  const rules = [null, 'string', {rules: [{oneOf: [{use: [loader]}]}]}, {use: 'style-loader'}];
  assert.equal(withoutConfigSearch(rules), 1);
  assert.deepEqual(loader.options, {postcssOptions: {ident: 'postcss', config: false}});
  assert.equal(withoutConfigSearch(undefined), 0);
});
