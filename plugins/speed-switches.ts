/**
 * The speed tricks of the site (module replacements in plugins/lean-bundle.ts, the page template
 * of plugins/boot-after-paint.ts, the chunk split
 * and chunk names of plugins/page-chunks.ts, the route table's shards of plugins/route-shards.ts, the docs' global data of
 * plugins/lean-docs-global-data.ts), each of which can be
 * turned off for one build to measure what it is worth: `SPEED_OFF=prism,pako npm run build`.
 * Production builds leave SPEED_OFF unset: every trick on. `npm run bench:tricks` builds once per trick.
 */
export const speedTricks = [
  'browser-context',
  'window-size',
  'prism',
  'response-example',
  'crypto-js',
  'pako',
  'prefetch',
  'boot-after-paint',
  'shared-chunks',
  'named-chunk-ids',
  'route-shards',
  'docs-global-data',
  'ssg-cache',
  'bundle-cache',
] as const;

export type SpeedTrick = (typeof speedTricks)[number];

/**
 * Tricks that speed up the build, not the pages: they change only the server bundle, which renders
 * the same HTML either way. bench:tricks (a browser bench) leaves them out; bench:scale measures them.
 */
export const buildOnlyTricks: readonly SpeedTrick[] = ['ssg-cache', 'bundle-cache'];

/** The tricks SPEED_OFF turns off; an unknown name is an error, so a typo cannot pass for a measurement. */
export function tricksOff(value = process.env.SPEED_OFF ?? ''): Set<SpeedTrick> {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(speedTricks as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`SPEED_OFF: unknown trick ${unknown.join(', ')} (known: ${speedTricks.join(', ')})`);
  return new Set(names as SpeedTrick[]);
}

export function isTrickOn(trick: SpeedTrick): boolean {
  return !tricksOff().has(trick);
}
