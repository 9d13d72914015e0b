/**
 * What each speed trick of speed/switches.ts costs to keep, for `npm run bench:tricks`: the
 * files it lives in (their lines), the upstream files it is pinned to (their hashes in
 * tests/unit/bundle-shims.test.ts: an upgrade that changes one fails until the trick is reread) and
 * the tests that hold it (their seconds). A file or test shared by several tricks counts for each.
 */
import path from 'node:path';

import {replacements} from '../speed/lean-bundle';
import type {SpeedTrick} from '../speed/switches';

export type TrickTest = {
  /** A test file, from the repository's root: Node's test runner, or Playwright's for tests/e2e. */
  file: string;
  /** Only the tests whose name matches (a regular expression). */
  name?: string;
};

type Facts = {files: string[]; pinned: string[]; tests: TrickTest[]};

const root = path.resolve(__dirname, '..');
const fromRoot = (file: string) => path.relative(root, file);
const underNodeModules = (file: string) => file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Files, pins and tests beyond a module replacement's shim, its upstream files and its shim tests. */
const beyondReplacements: Record<SpeedTrick, Partial<Facts>> = {
  'browser-context': {},
  prism: {tests: [{file: 'tests/slow/lean-prism.test.ts'}]},
  'response-example': {},
  'crypto-js': {},
  pako: {},
  'postman-extras': {tests: [{file: 'tests/e2e/explorer-sandbox.spec.ts'}]},
  prefetch: {tests: [{file: 'tests/e2e/layout.spec.ts', name: 'prefetching'}]},
  'boot-after-paint': {
    files: ['speed/boot-after-paint.ts'],
    pinned: ['@docusaurus/core/lib/ssg/ssgTemplate.html.js'],
    tests: [
      {file: 'tests/unit/bundle-shims.test.ts', name: '^boot-after-paint\\.ts: '},
      {file: 'tests/build/page-template.test.ts'},
      {file: 'tests/e2e/page-template.spec.ts'},
    ],
  },
  'shared-chunks': {files: ['speed/page-chunks.ts']},
  'named-chunk-ids': {
    files: ['speed/page-chunks.ts'],
    pinned: ['@docusaurus/core/lib/webpack/plugins/ChunkAssetPlugin.js'],
    tests: [
      {file: 'tests/build/chunk-ids.test.ts'},
      {file: 'tests/unit/bundle-shims.test.ts', name: '^page-chunks\\.ts: '},
    ],
  },
  'route-shards': {
    files: [
      'speed/route-shards.ts',
      'speed/shims/load-route-shards.ts',
      'speed/shims/route-shard-lookup.ts',
      'speed/shims/lean-version.ts',
      'src/theme/DocVersionRoot/index.tsx',
      'types/route-shards.d.ts',
    ],
    tests: [
      {file: 'tests/unit/route-shards.test.ts'},
      {file: 'tests/unit/sidebar-window.test.ts'},
      {file: 'tests/build/route-shards.test.ts', name: 'exactly one shard'},
      {file: 'tests/e2e/route-shards.spec.ts'},
      {file: 'tests/unit/bundle-shims.test.ts', name: '-route-shards\\.ts: '},
    ],
  },
  'shard-chunk-hashes': {
    files: ['speed/shard-chunk-hashes.ts'],
    tests: [
      {file: 'tests/unit/shard-chunk-hashes.test.ts'},
      {file: 'tests/build/route-shards.test.ts', name: 'chunk hashes'},
      {file: 'tests/e2e/route-shards.spec.ts'},
    ],
  },
  'docs-global-data': {
    files: ['speed/lean-docs-global-data.ts'],
    pinned: [
      '@docusaurus/plugin-content-docs/lib/globalData.js',
      '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js',
    ],
    tests: [
      {file: 'tests/build/route-shards.test.ts', name: 'global data'},
      {file: 'tests/unit/bundle-shims.test.ts', name: '^lean-docs-global-data\\.ts: '},
    ],
  },
  'unminified-html': {
    files: ['speed/unminified-html.ts'],
    pinned: ['@docusaurus/bundler/lib/minifyHtml.js'],
    tests: [{file: 'tests/build/page-template.test.ts', name: 'not minified'}],
  },
  'route-match': {
    files: ['speed/shims/same-path.ts', 'speed/shims/active-sidebar.ts'],
    tests: [{file: 'tests/unit/fast-route-match.test.ts'}, {file: 'tests/slow/route-match-fuzz.test.ts'}],
  },
  'server-shared-chunk': {files: ['speed/server-shared-chunk.ts'], tests: [{file: 'tests/scale/smoke.test.ts'}]},
  'operation-past-mdx': {
    files: ['speed/operation-past-mdx.ts', 'speed/operation-past-mdx-loader.ts'],
    pinned: ['@docusaurus/mdx-loader/lib/loader.js', '@docusaurus/mdx-loader/lib/createMDXLoader.js'],
    tests: [
      {file: 'tests/unit/operation-past-mdx.test.ts'},
      {file: 'tests/build/bundle-shims.test.ts', name: '^operation-past-mdx: '},
    ],
  },
  'openapi-cli-only': {
    files: ['speed/openapi-docs-cli.ts'],
    tests: [{file: 'tests/unit/gen-api-docs.test.ts', name: "stand-in|loads none of the plugin's modules"}],
  },
  'ssg-cache': {
    files: ['speed/ssg-cache.ts', 'speed/ssg-chunk-log.ts'],
    tests: [{file: 'tests/unit/ssg-cache.test.ts'}, {file: 'tests/scale/smoke.test.ts'}],
  },
  'bundle-cache': {
    files: ['speed/bundle-cache.ts'],
    tests: [{file: 'tests/unit/bundle-cache.test.ts'}, {file: 'tests/scale/smoke.test.ts'}],
  },
};

/** A trick's files, pinned upstream files and tests. */
export function trickCosts(trick: SpeedTrick): Facts {
  const own = replacements.filter((replacement) => replacement.trick === trick);
  const extra = beyondReplacements[trick];
  return {
    files: [...new Set([...own.map(({shim}) => fromRoot(shim)), ...(extra.files ?? [])])],
    pinned: [...new Set([...own.flatMap(({upstream}) => upstream.map(underNodeModules)), ...(extra.pinned ?? [])])],
    tests: [
      // The built bundle's check is for the browser's replacements (tests/build/bundle-shims.test.ts).
      ...(own.some(({serverOnly}) => !serverOnly)
        ? [{file: 'tests/build/bundle-shims.test.ts', name: `^${escaped(trick)}: `}]
        : []),
      ...own.map(({shim}) => ({file: 'tests/unit/bundle-shims.test.ts', name: `^${escaped(path.basename(shim))}: `})),
      ...(extra.tests ?? []),
    ],
  };
}
