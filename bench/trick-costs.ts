/**
 * What each speed trick of plugins/speed-switches.ts costs to keep, for `npm run bench:tricks`: the
 * files it lives in (their lines), the upstream files it is pinned to (their hashes in
 * tests/unit/bundle-shims.test.ts: an upgrade that changes one fails until the trick is reread) and
 * the tests that hold it (their seconds). A file or test shared by several tricks counts for each.
 */
import path from 'node:path';

import {replacements} from '../plugins/lean-bundle';
import type {SpeedTrick} from '../plugins/speed-switches';

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
  'window-size': {},
  prism: {tests: [{file: 'tests/slow/lean-prism.test.ts'}]},
  'response-example': {},
  'crypto-js': {},
  pako: {},
  prefetch: {tests: [{file: 'tests/e2e/layout.spec.ts', name: 'prefetching'}]},
  'boot-after-paint': {
    files: ['plugins/boot-after-paint.ts'],
    pinned: ['@docusaurus/core/lib/ssg/ssgTemplate.html.js'],
    tests: [
      {file: 'tests/unit/bundle-shims.test.ts', name: '^boot-after-paint\\.ts: '},
      {file: 'tests/build/page-template.test.ts'},
      {file: 'tests/e2e/page-template.spec.ts'},
    ],
  },
  'shared-chunks': {files: ['plugins/page-chunks.ts']},
  'named-chunk-ids': {
    files: ['plugins/page-chunks.ts'],
    pinned: ['@docusaurus/core/lib/webpack/plugins/ChunkAssetPlugin.js'],
    tests: [
      {file: 'tests/build/chunk-ids.test.ts'},
      {file: 'tests/unit/bundle-shims.test.ts', name: '^page-chunks\\.ts: '},
    ],
  },
  'route-shards': {
    files: [
      'plugins/route-shards.ts',
      'plugins/generated-routes.ts',
      'src/route-shards.ts',
      'src/route-shard-lookup.ts',
      'src/lean-version.ts',
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
  'docs-global-data': {
    files: ['plugins/lean-docs-global-data.ts'],
    pinned: [
      '@docusaurus/plugin-content-docs/lib/globalData.js',
      '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js',
    ],
    tests: [
      {file: 'tests/build/route-shards.test.ts', name: 'global data'},
      {file: 'tests/unit/bundle-shims.test.ts', name: '^lean-docs-global-data\\.ts: '},
    ],
  },
  'ssg-cache': {
    files: ['plugins/ssg-cache.ts', 'plugins/ssg-chunk-log.ts'],
    tests: [{file: 'tests/unit/ssg-cache.test.ts'}, {file: 'tests/scale/smoke.test.ts'}],
  },
  'bundle-cache': {
    files: ['plugins/bundle-cache.ts'],
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
      ...(own.length > 0 ? [{file: 'tests/build/bundle-shims.test.ts', name: `^${escaped(trick)}: `}] : []),
      ...own.map(({shim}) => ({file: 'tests/unit/bundle-shims.test.ts', name: `^${escaped(path.basename(shim))}: `})),
      ...(extra.tests ?? []),
    ],
  };
}
