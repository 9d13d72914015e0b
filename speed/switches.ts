/**
 * The switches of the speed layer (this folder): every trick here makes the build faster or the pages
 * lighter, and none changes what a page shows. Each can be turned off for one build, to measure what it
 * is worth (`npm run bench:tricks`) or to find whether a problem is one of them:
 * `SPEED_OFF=prism,pako npm run build`, or `SPEED_OFF=all npm run build` for a build with none of them,
 * which is Docusaurus and the OpenAPI plugin as they come (the way out at an upgrade that breaks a pin).
 * Production builds leave SPEED_OFF unset: every trick on.
 */
export const speedTricks = [
  // Module replacements in the bundles (lean-bundle.ts, shims/).
  'browser-context',
  'prism',
  'response-example',
  'crypto-js',
  'pako',
  'postman-extras',
  'prefetch',
  // The page template (boot-after-paint.ts).
  'boot-after-paint',
  // The pages as React renders them, not minified again (scripts/build.ts).
  'unminified-html',
  // Chunks (page-chunks.ts, server-shared-chunk.ts).
  'shared-chunks',
  'named-chunk-ids',
  'server-shared-chunk',
  // The browser's route table and the docs' global data (route-shards.ts, shard-chunk-hashes.ts,
  // lean-docs-global-data.ts).
  'route-shards',
  'shard-chunk-hashes',
  'docs-global-data',
  // Route matching while the pages render (lean-bundle.ts, shims/fast-route-match.tsx).
  'route-match',
  // Bundling: each operation's JSON string around MDX's parser (operation-past-mdx.ts).
  'operation-past-mdx',
  // The build's own steps (openapi-docs-cli.ts, ssg-cache.ts, bundle-cache.ts).
  'openapi-cli-only',
  'ssg-cache',
  'bundle-cache',
] as const;

export type SpeedTrick = (typeof speedTricks)[number];

/**
 * Tricks that speed up the build, not the pages: they change only the server bundle or the build's
 * steps, and the HTML is the same either way (with `unminified-html`, the same elements in a few more
 * bytes). bench:tricks (a browser bench) leaves them out; bench:scale measures them.
 */
export const buildOnlyTricks: readonly SpeedTrick[] = [
  'unminified-html',
  'route-match',
  'server-shared-chunk',
  'operation-past-mdx',
  'openapi-cli-only',
  'ssg-cache',
  'bundle-cache',
];

/** The value of SPEED_OFF that turns every trick off. */
export const allTricks = 'all';

/** The tricks SPEED_OFF turns off; an unknown name is an error, so a typo cannot pass for a measurement. */
export function tricksOff(value = process.env.SPEED_OFF ?? ''): Set<SpeedTrick> {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes(allTricks)) return new Set(speedTricks);
  const unknown = names.filter((name) => !(speedTricks as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`SPEED_OFF: unknown trick ${unknown.join(', ')} (known: ${allTricks}, ${speedTricks.join(', ')})`);
  return new Set(names as SpeedTrick[]);
}

export function isTrickOn(trick: SpeedTrick): boolean {
  return !tricksOff().has(trick);
}
