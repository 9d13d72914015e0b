/**
 * plugins/ssg-cache.ts keys each page by the server chunks of the routes that match it. Its matcher
 * looks plain exact routes up by path instead of trying every route of a level: it must find the
 * routes react-router-config's matchRoutes finds (the server bundle's own matching), for every
 * pathname, on crafted trees (letter case, trailing slashes, parameters, routes without a path, an
 * earlier route that shadows a later one) and on a Docusaurus-like tree of many pages. Its lookup
 * works the same way at any number of routes, so 300 pages prove what 3,000 would, in a hundredth of
 * the time (matchRoutes, the reference, tries every route of a level for every pathname).
 * The cache itself is tested end to end by tests/scale/smoke.test.ts, which edits a page between
 * builds.
 */
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {test} from 'node:test';

import {pageFile, routeMatcher} from '../../plugins/ssg-cache';

type Route = Parameters<typeof routeMatcher>[0][number];

const coreRequire = createRequire(require.resolve('@docusaurus/core/package.json'));
const {matchRoutes} = coreRequire('react-router-config') as {
  matchRoutes: (routes: Route[], pathname: string) => {route: Route}[];
};
const {matchPath} = coreRequire('react-router') as {matchPath: Parameters<typeof routeMatcher>[1]};

function assertSameMatches(routes: Route[], pathnames: string[]): void {
  const fast = routeMatcher(routes, matchPath);
  for (const pathname of pathnames) {
    const expected = matchRoutes(routes, pathname).map(({route}) => route.component);
    const found = fast(pathname).map((route) => route.component);
    if (JSON.stringify(found) !== JSON.stringify(expected))
      assert.deepEqual(found, expected, `matched routes of ${JSON.stringify(pathname)}`);
  }
}

test('the matcher finds the routes matchRoutes finds, on crafted route trees', () => {
  const routes: Route[] = [
    {path: '/search', exact: true, component: 'search'},
    {path: '/Case', exact: true, sensitive: true, component: 'sensitive'},
    {path: '/strict/', exact: true, strict: true, component: 'strict'},
    {path: '/users/:id', exact: true, component: 'user'},
    {path: '/shadow', component: 'shadow-prefix'},
    {path: '/shadow/page', exact: true, component: 'shadowed'},
    {path: '/dup', exact: true, component: 'first-dup'},
    {path: '/DUP/', exact: true, component: 'second-dup'},
    {
      path: '/docs',
      component: 'docs-root',
      routes: [
        {
          path: '/docs',
          component: 'docs-version',
          routes: [
            {path: '/docs', exact: true, component: 'docs-index'},
            {path: '/docs/intro', exact: true, component: 'intro'},
            {path: '/docs/a/', exact: true, component: 'a-trailing'},
            {path: '/docs/opt/:x?', exact: true, component: 'optional'},
            {component: 'docs-pathless'},
          ],
        },
      ],
    },
    {path: '/', exact: true, component: 'home'},
    {path: '', component: 'empty-path', routes: [{path: '/after', exact: true, component: 'after'}]},
    {path: '*', component: 'not-found'},
  ];
  assertSameMatches(routes, [
    '',
    '/',
    '/search',
    '/search/',
    '/SEARCH',
    '/search/more',
    '/case',
    '/Case',
    '/strict',
    '/strict/',
    '/users/7',
    '/users/7/',
    '/users',
    '/shadow',
    '/shadow/page',
    '/dup',
    '/dup/',
    '/Dup',
    '/docs',
    '/docs/',
    '/Docs/Intro',
    '/docs/intro/',
    '/docs/a',
    '/docs/a/',
    '/docs/opt',
    '/docs/opt/1',
    '/docs/missing',
    '/after',
    '/404.html',
    '/%C3%BC-encoded',
    '/caf\u00e9',
  ]);
});

test('the matcher finds the routes matchRoutes finds, on a docs site of 300 pages', () => {
  const pages = Array.from({length: 300}, (_, index) => `/api/reference/operation-${index}`);
  const routes: Route[] = [
    {path: '/search', exact: true, component: 'search'},
    ...['api', 'docs', 'tutorials'].map((section) => ({
      path: `/${section}`,
      component: `${section}-root`,
      routes: [
        {
          path: `/${section}`,
          component: `${section}-version`,
          routes: [
            {
              path: `/${section}`,
              component: `${section}-docs`,
              routes: [
                ...(section === 'api' ? pages : [`/${section}/intro`, `/${section}/guide`]).map((page) => ({
                  path: page,
                  exact: true,
                  component: page,
                })),
                {path: `/${section}/`, exact: true, component: `${section}-index`},
              ],
            },
          ],
        },
      ],
    })),
    {path: '/', exact: true, component: 'home'},
    {path: '*', component: 'not-found'},
  ];
  assertSameMatches(routes, [
    ...pages,
    ...pages.slice(0, 50).map((page) => `${page}/`),
    ...pages.slice(0, 50).map((page) => page.toUpperCase()),
    '/api/',
    '/docs/intro',
    '/tutorials/guide',
    '/docs/none',
    '/',
    '/404.html',
  ]);
});

test('a page is written where Docusaurus writes it', () => {
  const params = {baseUrl: '/', trailingSlash: undefined, outDir: '/site/build'};
  assert.equal(pageFile('/', params), '/site/build/index.html');
  assert.equal(pageFile('/docs/intro', params), '/site/build/docs/intro/index.html');
  assert.equal(pageFile('/404.html', params), '/site/build/404.html');
  assert.equal(pageFile('/docs/intro', {...params, trailingSlash: false}), '/site/build/docs/intro.html');
  assert.equal(pageFile('/docs/intro', {...params, trailingSlash: true}), '/site/build/docs/intro/index.html');
  assert.equal(pageFile('/base/docs/intro', {...params, baseUrl: '/base/'}), '/site/build/docs/intro/index.html');
});
