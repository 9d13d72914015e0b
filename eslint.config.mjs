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
              regex: `^(node:|(\\.\\./)+(${nodeFolders})/|@site/(${nodeFolders})/)`,
              message:
                'src/ is browser code: Node modules (sandbox, plugins, lib, scripts, tests) stay out of the bundle.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
