/**
 * Holds speed/shims/fast-route-match.tsx's matchPath to react-router's: for
 * tests/unit/fast-route-match.test.ts (crafted pairs) and tests/slow/route-match-fuzz.test.ts
 * (generated pairs).
 */
import assert from 'node:assert/strict';

import * as router from 'react-router';

import {seededRandom} from '../../lib/seeded-random';
import * as fast from '../../speed/shims/fast-route-match';

/** Numbers that look random, the same for the same seed (so a failure reproduces), and a pick of one item. */
export function generator(seed: string): {random: () => number; pick: <T>(items: readonly T[]) => T} {
  const random = seededRandom(seed);
  return {random, pick: (items) => items[Math.floor(random() * items.length)]!};
}

type Options = {path: string; exact?: boolean; strict?: boolean; sensitive?: boolean};

export const optionSets = [false, true].flatMap((exact) =>
  [false, true].flatMap((strict) => [false, true].map((sensitive) => ({exact, strict, sensitive}))),
);

export function assertSameMatch(pathname: string, options: Options): void {
  const expected = router.matchPath(pathname, options);
  const found = fast.matchPath(pathname, options);
  // The message is written only for a difference: building it for every pair would be most of the test's time.
  if (JSON.stringify(found) !== JSON.stringify(expected))
    assert.deepEqual(found, expected, `matchPath(${JSON.stringify(pathname)}, ${JSON.stringify(options)})`);
}
