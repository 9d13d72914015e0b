/**
 * speed/ssg-cache.ts keys each page by the server chunks of the routes that match it. Its matcher
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

import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {pageFile} from '../../lib/page-file';
import {pageKeyer, routeMatcher, type ServerBundle} from '../../speed/ssg-cache';

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

test('the not-found page is keyed by every chunk: a change to its component, wherever bundled, renders it again', () => {
  const generated = mkdtempSync(path.join(os.tmpdir(), 'ssg-keys-'));
  try {
    // A docs page with its chunk, and the catch-all route Docusaurus adds, whose component has no chunk names.
    writeFileSync(
      path.join(generated, 'routes.js'),
      "import ComponentCreator from '@docusaurus/ComponentCreator';\nexport default [\n" +
        "{path: '/docs/a', component: ComponentCreator('/docs/a', 'abc'), exact: true},\n{path: '*', component: ComponentCreator('*')},\n];\n",
    );
    writeFileSync(
      path.join(generated, 'routesChunkNames.json'),
      JSON.stringify({'/docs/a-abc': {content: 'content-a'}}),
    );
    const hashes: Record<string, string> = {'server.bundle.js': 'e', 'a.js': '1', 'shared.js': '2'};
    const bundle: ServerBundle = {
      dir: generated,
      // The not-found component landed in a chunk a route's group also holds: a route file, logged by no build.
      groups: {'content-a': ['a.js', 'shared.js']},
      files: Object.keys(hashes),
      routeFiles: new Set(['a.js', 'shared.js']),
      hashOf: (file) => hashes[file]!,
      versionOf: () => undefined,
    };
    const keysNow = () =>
      pageKeyer(bundle, {
        props: {generatedFilesDir: generated, routesPaths: ['/docs/a', '/404.html']} as never,
        params: {
          manifest: {},
          outDir: generated,
          serverBundlePath: path.join(generated, 'server.bundle.js'),
          baseUrl: '/',
          trailingSlash: undefined,
        },
        lockfile: 'lock',
      }).keysFor(new Set());
    const before = keysNow();
    hashes['shared.js'] = '3';
    const after = keysNow();
    assert.notEqual(after.get('/404.html'), before.get('/404.html'), 'the not-found page renders again');
    assert.notEqual(after.get('/docs/a'), before.get('/docs/a'), 'so does the page whose chunk changed');
    hashes['other.js'] = '4';
    bundle.files.push('other.js');
    assert.equal(
      keysNow().get('/docs/a'),
      after.get('/docs/a'),
      "a chunk no route names and nothing loaded: not the docs page's",
    );
  } finally {
    rmSync(generated, {recursive: true, force: true});
  }
});

test("a doc card shows the description of its link's doc, on a link of class theme-doc-card-container (theme-classic pinned)", () => {
  // speed/ssg-cache.ts keys a page with doc cards by the descriptions of the docs they link to, and
  // finds them by this class; should the theme show another doc's text or mark cards otherwise, it must adapt.
  const theme = path.dirname(require.resolve('@docusaurus/theme-classic/package.json'));
  const card = readFileSync(path.join(theme, 'lib/theme/DocCard/index.js'), 'utf8');
  assert.match(card, /const doc = useDocById\(item\.docId \?\? undefined\);/);
  assert.match(card, /href=\{item\.href\}\s+description=\{item\.description \?\? doc\?\.description\}/);
  const layout = readFileSync(path.join(theme, 'lib/theme/DocCard/Layout/index.js'), 'utf8');
  assert.match(
    layout,
    /<Link\s+href=\{href\}\s+className=\{clsx\(\s*'card padding--lg',\s*ThemeClassNames\.docs\.docCard\.container,/,
  );
  // theme-common exports no package.json: its entry is lib/index.js.
  const common = readFileSync(
    path.join(path.dirname(require.resolve('@docusaurus/theme-common')), 'utils/ThemeClassNames.js'),
    'utf8',
  );
  assert.match(common, /docCard: \{\s*container: 'theme-doc-card-container',/);
});
