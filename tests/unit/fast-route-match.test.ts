/**
 * The server bundle renders pages with speed/shims/fast-route-match.tsx in place of react-router, and
 * speed/shims/fast-same-path.ts in place of theme-common's routesUtils (speed/lean-bundle.ts): their
 * matchPath and <Switch> set aside the routes that cannot match before react-router's own matching,
 * and isSamePath compares ASCII paths without copies. These tests hold them to upstream's: the same
 * result for every pathname, route and option, on crafted edge cases (letter case, trailing slashes,
 * non-ASCII letters whose case folds to ASCII, parameters); tests/slow/route-match-fuzz.test.ts holds
 * matchPath to react-router's on 100,000 generated pairs too. candidateRoutes (the index of a route
 * list that speed/shims/indexed-route-config.tsx and indexed-docs-utils.ts match through) keeps the
 * first route react-router would match; indexed-docs-utils.ts answers whether a sidebar item holds
 * the page from a set of paths: both held to upstream's answers.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {createElement, type ReactElement, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import * as router from 'react-router';

import * as fast from '../../speed/shims/fast-route-match';
import {getSidebarBreadcrumbs, isActiveSidebarItem, isVisibleSidebarItem} from '../../speed/shims/active-sidebar';
import {isSamePath} from '../../speed/shims/same-path';
import {assertSameMatch, generator, optionSets} from '../support/route-match';

const craftedPaths = [
  '',
  '/',
  '/api',
  '/api/',
  '/API',
  '/api/api-reference/orchard-ai-trainer/list-models',
  '/api/api-reference/orchard-ai-trainer/list-models-scale-248',
  '/api/api-reference/orchard-ai-trainer/list-models-scale-249/',
  '/docs/intro.html',
  '/search',
  '/caf\u00e9',
  '/CAF\u00c9',
  '/\u0131',
  '/i',
  '/I',
  '/\u212a',
  '/k',
  '/\u017f',
  '/s',
  '/a%20b',
  '/@',
  '/`',
  '/[',
  '/{',
  '/users/:id',
  '/users/:id?',
  '/files/*',
  '/(a|b)',
  '/a+b',
  '/a\\.b',
];

test('matchPath: the same result as react-router for crafted paths and pathnames, with every option', () => {
  const pathnames = [...craftedPaths, ...craftedPaths.map((path) => `${path}/`), ...craftedPaths.map((p) => `${p}x`)];
  for (const path of craftedPaths)
    for (const pathname of pathnames) for (const options of optionSets) assertSameMatch(pathname, {path, ...options});
});

test('matchPath: string, array and missing paths are left to react-router', () => {
  for (const pathname of ['/a', '/b', '/'])
    for (const props of ['/a', ['/b', '/a'], {}, {path: ['/x', '/a']}])
      assert.deepEqual(fast.matchPath(pathname, props), router.matchPath(pathname, props));
});

test('<Switch>: renders the same route as react-router for every location', () => {
  const routes: {path?: string; from?: string; exact?: boolean; strict?: boolean}[] = [
    {path: '/api/api-reference/orchard-ai-trainer/list-models', exact: true},
    {path: '/api/api-reference/orchard-ai-trainer/get-model', exact: true},
    {path: '/API/Mixed-Case', exact: true},
    {path: '/api/users/:id', exact: true},
    {path: '/api/strict/', exact: true, strict: true},
    {path: '/api/prefix'},
    {from: '/api/old'},
    {path: '/docs', exact: true},
    {path: '', exact: true},
    {},
  ];
  type AnySwitch = (props: router.SwitchProps) => ReactNode;
  const element = (Switch: typeof router.Switch | AnySwitch, location: string): ReactElement =>
    createElement(
      router.StaticRouter,
      {location},
      createElement(
        Switch,
        null,
        routes.map((route, index) =>
          createElement(router.Route, {key: index, ...route, render: () => `route ${index}`}),
        ),
      ),
    );
  const locations = [
    '/api/api-reference/orchard-ai-trainer/list-models',
    '/api/api-reference/orchard-ai-trainer/list-models/',
    '/api/api-reference/orchard-ai-trainer/LIST-MODELS',
    '/api/api-reference/orchard-ai-trainer/get-model',
    '/api/mixed-case',
    '/api/users/42',
    '/api/strict',
    '/api/strict/',
    '/api/prefix/more',
    '/api/old',
    '/docs/',
    '/nowhere',
  ];
  for (const location of locations)
    assert.equal(
      renderToStaticMarkup(element(fast.Switch, location)),
      renderToStaticMarkup(element(router.Switch, location)),
      location,
    );
  // A location prop wins over the router's, as in react-router.
  const withLocation = (Switch: typeof router.Switch | AnySwitch) =>
    renderToStaticMarkup(
      createElement(
        router.StaticRouter,
        {location: '/docs'},
        createElement(Switch, {location: {pathname: '/api/users/7', search: '', hash: '', state: undefined}}, [
          createElement(router.Route, {key: 'docs', path: '/docs', render: () => 'docs'}),
          createElement(router.Route, {key: 'user', path: '/api/users/:id', render: () => 'user'}),
        ]),
      ),
    );
  assert.equal(withLocation(fast.Switch), 'user');
  assert.equal(withLocation(router.Switch), 'user');
});

test('cannotMatch sets aside most routes of a large reference', () => {
  const paths = Array.from(
    {length: 2000},
    (_, index) => `/api/api-reference/orchard-ai-trainer/list-models-scale-${index}`,
  );
  let setAside = 0;
  for (const path of paths) if (fast.cannotMatch(paths[1234]!, {path, exact: true})) setAside += 1;
  // Only paths of the same length ending in the same digit are left to react-router: a tenth.
  assert.ok(setAside > 0.85 * paths.length, `${setAside} of ${paths.length} set aside`);
});

/** isSamePath as @docusaurus/theme-common ships it (its module imports bundler-only modules: taken from its text). */
function upstreamIsSamePath(): (path1?: string, path2?: string) => boolean {
  const file = path.join(path.dirname(require.resolve('@docusaurus/theme-common')), 'utils/routesUtils.js');
  const source = /export function isSamePath\(path1, path2\) \{[\s\S]*?\n\}\n/.exec(readFileSync(file, 'utf8'))?.[0];
  assert.ok(source, `${file}: no isSamePath(path1, path2) to compare with`);
  // Upstream's own function, from the file tests/unit/bundle-shims.test.ts pins.
  return new Function(`${source.replace('export ', '')}\nreturn isSamePath;`)() as (a?: string, b?: string) => boolean;
}

test('isSamePath: the same result as theme-common for crafted and generated pairs of paths', () => {
  const upstream = upstreamIsSamePath();
  const paths: (string | undefined)[] = [undefined, '', ...craftedPaths, '/\u0130', '/i\u0307', '/\u0130/', '//'];
  const variants = (text: string | undefined) =>
    text === undefined
      ? [text]
      : [text, `${text}/`, text.toUpperCase(), text.toLowerCase(), text.slice(0, -1), `${text}a`];
  for (const path1 of paths)
    for (const path2 of paths.flatMap(variants))
      assert.equal(
        isSamePath(path1, path2),
        upstream(path1, path2),
        `isSamePath(${JSON.stringify(path1)}, ${JSON.stringify(path2)})`,
      );
  const reference = Array.from(
    {length: 300},
    (_, index) => `/api/api-reference/orchard-ai-trainer/list-models-scale-${index}`,
  );
  for (const path1 of reference)
    for (const path2 of [reference[42]!, reference[42]!.toUpperCase(), `${reference[42]}/`])
      assert.equal(isSamePath(path1, path2), upstream(path1, path2), `isSamePath(${path1}, ${path2})`);
});

/**
 * isActiveSidebarItem and isVisibleSidebarItem as @docusaurus/plugin-content-docs ships them, with
 * theme-common's isSamePath (their module imports bundler-only modules: taken from its text).
 */
function upstreamSidebarChecks(): {
  isActiveSidebarItem: (item: PropSidebarItem, activePath: string) => boolean;
  isVisibleSidebarItem: (item: PropSidebarItem, activePath: string) => boolean;
  getSidebarBreadcrumbs: typeof getSidebarBreadcrumbs;
} {
  const file = path.join(path.dirname(require.resolve('@docusaurus/plugin-content-docs/client')), 'docsUtils.js');
  const text = readFileSync(file, 'utf8');
  const checks = /const isActive = [\s\S]*?\nexport function isVisibleSidebarItem[\s\S]*?\n\}\n/.exec(text)?.[0];
  assert.ok(checks, `${file}: no isActive … isVisibleSidebarItem to compare with`);
  const breadcrumbs = /\nfunction getSidebarBreadcrumbs\([\s\S]*?\n\}\n/.exec(text)?.[0];
  assert.ok(breadcrumbs, `${file}: no getSidebarBreadcrumbs to compare with`);
  return new Function(
    'isSamePath',
    `${checks.replaceAll('export ', '')}${breadcrumbs}\nreturn {isActiveSidebarItem, isVisibleSidebarItem, getSidebarBreadcrumbs};`,
  )(upstreamIsSamePath()) as ReturnType<typeof upstreamSidebarChecks>;
}

test('isActiveSidebarItem, isVisibleSidebarItem and the breadcrumbs: the same answers as plugin-content-docs on generated sidebars', () => {
  const upstream = upstreamSidebarChecks();
  const {random, pick} = generator('sidebars');
  const hrefs = [...craftedPaths, '/api/a', '/API/A/', '/api/b', '/api/caf\u00e9', '/api/CAF\u00c9/'];
  const item = (depth: number): PropSidebarItem => {
    const kind = random();
    if (kind < 0.1) return {type: 'html', value: '<hr>'};
    if (depth < 3 && kind < 0.4)
      return {
        type: 'category',
        label: 'category',
        collapsed: true,
        collapsible: true,
        items: Array.from({length: Math.floor(random() * 5)}, () => item(depth + 1)),
        ...(random() < 0.5 ? {href: pick(hrefs)} : {}),
        ...(random() < 0.2 ? {linkUnlisted: true} : {}),
      };
    return {
      type: 'link',
      label: 'link',
      href: pick(hrefs),
      ...(random() < 0.2 ? {unlisted: true} : {}),
      ...(random() < 0.8 ? {docId: 'doc'} : {}),
    };
  };
  const sidebar = Array.from({length: 200}, () => item(0));
  const every = (items: PropSidebarItem[]): PropSidebarItem[] =>
    items.flatMap((entry) => [entry, ...(entry.type === 'category' ? every(entry.items) : [])]);
  const activePaths = [...hrefs, ...hrefs.map((href) => `${href}/`), ...hrefs.map((href) => href.toUpperCase())];
  for (const entry of every(sidebar))
    for (const activePath of activePaths) {
      const where = `${JSON.stringify(entry).slice(0, 120)} at ${JSON.stringify(activePath)}`;
      assert.equal(isActiveSidebarItem(entry, activePath), upstream.isActiveSidebarItem(entry, activePath), where);
      assert.equal(isVisibleSidebarItem(entry, activePath), upstream.isVisibleSidebarItem(entry, activePath), where);
    }
  // The same items, the very objects, in the same order: the breadcrumbs link to them.
  const sidebars = [sidebar, ...every(sidebar).flatMap((entry) => (entry.type === 'category' ? [entry.items] : []))];
  let found = 0;
  for (const sidebarItems of sidebars)
    for (const pathname of activePaths)
      for (const onlyCategories of [false, true]) {
        const expected = upstream.getSidebarBreadcrumbs({sidebarItems, pathname, onlyCategories});
        const actual = getSidebarBreadcrumbs({sidebarItems, pathname, onlyCategories});
        assert.equal(actual.length, expected.length, `breadcrumbs to ${JSON.stringify(pathname)}`);
        actual.forEach((item, index) => assert.equal(item, expected[index], `breadcrumb ${index} to ${pathname}`));
        found += Number(expected.length > 1);
      }
  assert.ok(found > 100, `only ${found} breadcrumb trails of two or more: the generated sidebars are too shallow`);
});

test('candidateRoutes: the first route that matches among the candidates is the first among all routes', () => {
  // A docs plugin's list: parents and a catch-all among exact pages, paths with parameters, letter cases.
  const routes: {path?: string; exact?: boolean; strict?: boolean; sensitive?: boolean}[] = [
    {path: '/api/api-reference/intro', exact: true},
    ...Array.from({length: 60}, (_, index) => ({path: `/api/api-reference/op-${index}`, exact: true})),
    {path: '/api/api-reference/op-7', exact: true},
    {path: '/api/API-Reference/Mixed', exact: true},
    {path: '/api/users/:id', exact: true},
    {path: '/api/strict/', exact: true, strict: true},
    {path: '/api/sensitive', exact: true, sensitive: true},
    {path: '/api/double//', exact: true},
    {path: '/api/caf\u00e9', exact: true},
    {path: '/api/prefix'},
    {path: '/api/api-reference/op-3/', exact: true},
    {path: '', exact: true},
    {},
  ];
  const withoutCatchAll = routes.slice(0, -2);
  const pathnames = [
    ...routes.flatMap(({path}) =>
      path === undefined ? [] : [path, `${path}/`, path.toUpperCase(), path.slice(0, -1), `${path}x`],
    ),
    '/api/users/42',
    '/api/prefix/more',
    '/api/CAF\u00c9',
    '/',
    '',
    '/nowhere',
  ];
  for (const list of [routes, withoutCatchAll])
    for (const pathname of pathnames) {
      const first = (candidates: readonly (typeof routes)[number][]) =>
        candidates.findIndex((route) => (route.path ? router.matchPath(pathname, route) !== null : true));
      const all = first(list);
      const found = first(fast.candidateRoutes(list, pathname));
      assert.equal(
        found < 0 ? -1 : list.indexOf(fast.candidateRoutes(list, pathname)[found]!),
        all,
        `${JSON.stringify(pathname)} in a list of ${list.length}`,
      );
    }
  // Most of a large list is set aside.
  assert.ok(fast.candidateRoutes(routes, '/api/api-reference/op-12').length < 10);
});
