// One flat ESLint config for the whole repository: TypeScript everywhere, React rules for the browser
// code in src/, and Prettier owning the formatting (eslint-config-prettier turns style rules off).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Node code lives in these top-level folders; the browser bundle must never pull it in.
const nodeFolders = 'sandbox|plugins|speed|lib|hosting|mcp|scripts|tests|bench|types';

/*
 * The Node code's layers. lib/ is the one library layer: it imports only lib/, browser-safe src/
 * modules and packages. The parts that run (mcp/, sandbox/, plugins/, hosting/, and speed/, the speed
 * tricks) import lib/ and src/, never each other: what two of them share goes into lib/. scripts/ holds
 * entry points, which nothing imports (a test runs one as a process). Tests and the bench may import
 * any part but scripts/, and so may the configuration files at the top (docusaurus.config.ts).
 * ESLint sees an import as written, not where it leads, so each rule is made per depth: from a file
 * `depth` folders down, `../` that many times is the repository root.
 */
const codeFiles = '{ts,tsx,mts,cts,js,mjs,cjs}';
const parts = ['mcp', 'sandbox', 'plugins', 'hosting', 'speed'];
const maxDepth = 6;

/** An import written from `depth` folders down (or with @site/) that leads to the repository root, then on. */
const fromRoot = (depth) => `^(?:${depth === 0 ? '\\./' : `(?:\\.\\./){${depth}}`}|@site/)`;

/** Imports that reach a top-level folder other than `allowed`. */
const outside = (depth, allowed) => `${fromRoot(depth)}(?!(?:${allowed.join('|')})(?:/|$))`;

/** Imports that reach scripts/, from a file of `folder` (undefined: at the top) `depth` folders down. */
const intoScripts = (folder, depth) =>
  folder === 'scripts'
    ? `^(?:\\./|${depth > 1 ? `(?:\\.\\./){1,${depth - 1}}(?!\\.\\./)|` : ''}${fromRoot(depth).slice(1)}scripts(?:/|$))`
    : `${fromRoot(depth)}scripts(?:/|$)`;

const scriptsMessage =
  'scripts/ holds entry points, which nothing imports (a test runs one as a process): move what is shared into lib/.';

/** The layer rule of the files of `folder` (undefined: any folder without a rule of its own) `depth` folders down. */
function layerRule(folder, depth) {
  const glob = `${folder ? `${folder}/${'*/'.repeat(depth - 1)}` : '*/'.repeat(depth)}*.${codeFiles}`;
  const patterns = [{regex: intoScripts(folder, depth), message: scriptsMessage}];
  if (folder === 'lib')
    patterns.push({
      regex: outside(depth, ['lib', 'src']),
      message:
        'lib/ is the library layer: it imports only lib/, browser-safe src/ modules and packages, no other top-level folder.',
    });
  if (parts.includes(folder))
    patterns.push({
      regex: outside(depth, ['lib', 'src', folder]),
      message: `${folder}/ imports lib/ and browser-safe src/ modules, not another part (mcp/, sandbox/, plugins/, speed/, hosting/), scripts/, tests/ or bench/: what two parts share belongs in lib/.`,
    });
  return {
    files: [glob],
    ignores: ['src/**'],
    rules: {'no-restricted-imports': ['error', {patterns}]},
  };
}

const layerRules = Array.from({length: maxDepth + 1}, (_, depth) => [
  layerRule(undefined, depth),
  ...(depth === 0 ? [] : ['lib', 'scripts', ...parts].map((folder) => layerRule(folder, depth))),
]).flat();

export default tseslint.config(
  {
    ignores: [
      'build/',
      'deploy/',
      '.speed-off/',
      '.docusaurus/',
      '.generated/',
      'api/api-reference/',
      'static/',
      'test-results/',
      'bench/results/',
      'tests/fixtures/*/.docusaurus/',
      'tests/fixtures/*/build/',
    ],
  },
  {linterOptions: {reportUnusedDisableDirectives: 'error'}},
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_'}],
      '@typescript-eslint/consistent-type-imports': ['error', {fixStyle: 'inline-type-imports'}],
      'no-restricted-syntax': [
        'error',
        {selector: 'TSImportEqualsDeclaration', message: 'Use an ES import (one import style).'},
      ],
    },
  },
  {
    // Node: tooling, tests, configuration.
    files: ['**/*.{ts,mts,js,mjs,cjs}'],
    ignores: ['src/**', 'speed/shims/**'],
    languageOptions: {globals: {...globals.node}},
  },
  // Node code: the layers (see above); a folder's own rule comes after the general one and replaces it.
  ...layerRules,
  {
    // Browser: what Docusaurus bundles.
    files: ['src/**/*.{ts,tsx}', 'speed/shims/**/*.{ts,tsx}'],
    languageOptions: {globals: {...globals.browser}},
    plugins: {'react-hooks': reactHooks, 'jsx-a11y': jsxA11y},
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // speed/shims/ is browser code too: the speed layer's stand-ins and the route shards' runtime.
              regex: `^(node:|(\\.\\./)+(?!speed/shims/)(${nodeFolders})/|@site/(?!speed/shims/)(${nodeFolders})/)`,
              message:
                'src/ is browser code: Node modules (sandbox, plugins, speed, lib, scripts, tests) stay out of the bundle.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
