/**
 * speed/shims/fast-route-match.tsx's matchPath gives react-router's result for 100,000 generated pairs
 * of route and pathname, with every option (about 2 s, so in `npm run test:slow`; the crafted edge
 * cases are in tests/unit/fast-route-match.test.ts), and candidateRoutes keeps, for 2,000 generated
 * lists of routes, the first route react-router would match.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import * as router from 'react-router';

import {candidateRoutes} from '../../speed/shims/fast-route-match';

import {assertSameMatch, generator, optionSets} from '../support/route-match';

test('matchPath: the same result as react-router for 100,000 generated pairs', () => {
  const {random, pick} = generator('route-match pairs');
  const pieces = [
    '/',
    '/',
    'a',
    'A',
    'b',
    'z',
    'Z',
    '-',
    '.',
    '1',
    '\u00e9',
    '\u00c9',
    '\u0131',
    'I',
    '\u212a',
    'k',
    '%',
    '_',
  ];
  const word = () => Array.from({length: 1 + Math.floor(random() * 6)}, () => pick(pieces)).join('');
  const mutations: ((text: string) => string)[] = [
    (text) => text,
    (text) => text.toUpperCase(),
    (text) => text.toLowerCase(),
    (text) => `${text}/`,
    (text) => text.slice(0, -1),
    (text) => `${text}${pick(pieces)}`,
    (text) => `${text.slice(0, -1)}${pick(pieces)}`,
    () => `/${word()}`,
  ];
  for (let pair = 0; pair < 100_000 / optionSets.length; pair += 1) {
    const path = `/${word()}${random() < 0.3 ? `/${word()}` : ''}`;
    const pathname = pick(mutations)(path);
    for (const options of optionSets) assertSameMatch(pathname, {path, ...options});
  }
});

test('candidateRoutes: the same first match as every route, on 2,000 generated lists of routes', () => {
  const {random, pick} = generator('route lists');
  const pieces = [
    '/',
    '/',
    '//',
    'a',
    'A',
    'b',
    'z',
    '-',
    '.',
    '1',
    ':id',
    '*',
    '\u00e9',
    '\u00c9',
    '\u212a',
    'k',
    '%',
  ];
  const word = () => Array.from({length: 1 + Math.floor(random() * 4)}, () => pick(pieces)).join('');
  for (let list = 0; list < 2000; list += 1) {
    const routes = Array.from({length: 32 + Math.floor(random() * 40)}, () => ({
      path: random() < 0.05 ? '' : `/${word()}`,
      exact: random() < 0.9,
      strict: random() < 0.1,
      sensitive: random() < 0.1,
    }));
    const pathnames = [...routes.slice(0, 10).map(({path}) => path), `/${word()}`, `/${word().toUpperCase()}/`];
    for (const pathname of pathnames) {
      const first = (candidates: readonly (typeof routes)[number][]) =>
        candidates.find((route) => (route.path ? router.matchPath(pathname, route) !== null : true));
      const expected = first(routes);
      const found = first(candidateRoutes(routes, pathname));
      if (found !== expected)
        assert.equal(
          found === undefined ? -1 : routes.indexOf(found),
          expected === undefined ? -1 : routes.indexOf(expected),
          `${JSON.stringify(pathname)} in ${JSON.stringify(routes)}`,
        );
    }
  }
});
