/**
 * speed/route-shards.ts rewrites the browser's route table with large leaf lists in shards. The
 * tables it starts from are written here by Docusaurus' own code generator (codegenRoutes.js, pinned
 * in bundle-shims.test.ts) from a crafted route tree. Merging every shard back, as
 * speed/shims/load-route-shards.ts does in the browser, must give back Docusaurus' three tables exactly; every
 * leaf must be found in its shard by the browser's lookup (speed/shims/route-shard-lookup.ts), in any case
 * and with a trailing slash; and what cannot be sharded (a parameter, the top level, a short list)
 * stays as it was. A page that lists a category's entries gets what it shows in its shard (an API
 * landing page past its card limit its index lines, a generated index page its cards' docs); only
 * those listing more than the lean props hold load the version's whole props.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';

import type {PropSidebarItemCategory, PropSidebarItemLink} from '@docusaurus/plugin-content-docs';

import {writeRouteShards, type RouteShardFiles} from '../../speed/route-shards';
import {operationIndex, operationsOf} from '../../src/components/OperationIndex/entries';
import {category} from '../support/sidebar-items';
import {routeKey, shardAt} from '../../speed/shims/route-shard-lookup';

type RouteConfig = {
  path: string;
  component: string;
  exact?: boolean;
  modules?: Record<string, string>;
  routes?: RouteConfig[];
  sidebar?: string;
};
// Docusaurus' own writer of the three tables (not exported by the package's types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {generateRouteFiles} = require('@docusaurus/core/lib/server/codegen/codegenRoutes.js') as {
  generateRouteFiles: (options: {generatedFilesDir: string; routes: RouteConfig[]}) => Promise<unknown>;
};

/** A leaf as the docs plugin makes one: its page's module, a shared component, a sidebar name. */
const leaf = (routePath: string, content: string, extra: Record<string, string> = {}): RouteConfig => ({
  path: routePath,
  component: '@theme/DocItem',
  exact: true,
  modules: {content, ...extra},
  sidebar: 'apiSidebar',
});
const operations = Array.from({length: 70}, (_, i) =>
  // Mixed case and an unordered list: shards hold consecutive keys whatever the list's order.
  leaf(`/api/${i % 2 ? 'Ops' : 'ops'}/operation-${String((i * 37) % 70).padStart(2, '0')}`, `@site/api/op-${i}.mdx`),
);
// A module two leaves of one shard share moves with them; one shared across shards stays in the entry.
operations[0]!.modules!.sharedInShard = '@site/api/in-shard.json';
operations[2]!.modules!.sharedInShard = '@site/api/in-shard.json';
operations[1]!.modules!.sharedAcross = '@site/api/across.json';
operations[68]!.modules!.sharedAcross = '@site/api/across.json';
const docsWithParameter = [
  ...Array.from({length: 40}, (_, i) => leaf(`/docs/page-${i}`, `@site/docs/page-${i}.md`)),
  leaf('/docs/:slug', '@site/docs/slug.md'),
];
const topLevelPages = Array.from({length: 40}, (_, i) => ({
  path: `/page-${i}`,
  component: `@site/src/pages/page-${i}.tsx`,
  exact: true,
}));
const routeTree: RouteConfig[] = [
  {
    path: '/api',
    component: '@theme/DocsRoot',
    routes: [
      {
        path: '/api',
        component: '@theme/DocVersionRoot',
        routes: [{path: '/api', component: '@theme/DocRoot', routes: operations}],
      },
    ],
  },
  {path: '/docs', component: '@theme/DocRoot', routes: docsWithParameter},
  {path: '/guides', component: '@theme/DocRoot', routes: [leaf('/guides/one', '@site/guides/one.md')]},
  ...topLevelPages,
];

let dir = '';
let files: RouteShardFiles;

/** A generated module run as a script: imports dropped, exports collected, components as their keys. */
function runModule(file: string): Record<string, unknown> {
  const code = readFileSync(file, 'utf8')
    .replace(/^import .*;$/gm, '')
    .replace(/^export const (\w+) =/gm, 'exports.$1 =')
    .replace(/^export default /m, 'exports.default = ');
  const exports: Record<string, unknown> = {};
  new Function('ComponentCreator', 'require', 'exports', code)(
    (routePath: string, hash?: string) => (hash === undefined ? routePath : `${routePath}-${hash}`),
    {resolveWeak: (request: string) => `weak:${request}`},
    exports,
  );
  return exports;
}

/** The registry as text per chunk name (its loaders are functions: their source stands for them). */
const registryText = (registry: Record<string, unknown[]>) =>
  Object.fromEntries(Object.entries(registry).map(([name, entry]) => [name, entry.map(String)]));

type Route = {path: string; component: string; routes?: Route[]; [key: string]: unknown};
type Shards = {parent: Route; starts: string[]; chunks: string[]; load: (() => unknown)[]}[];

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'route-shards-'));
  await generateRouteFiles({generatedFilesDir: dir, routes: routeTree});
  files = writeRouteShards(dir, 32);
});
after(() => rmSync(dir, {recursive: true, force: true}));

test('the lists of more than 32 plain leaves nested in the tree are sharded, the rest kept whole', () => {
  assert.equal(files.shardedRoutes, 70);
  assert.equal(files.shardChunks.length, 3);
  const index = runModule(files.index);
  const routes = index.default as Route[];
  const shards = index.routeShards as Shards;
  assert.deepEqual(
    shards.map(({parent, starts}) => [parent.path, parent.routes, starts.length]),
    [['/api', [], 3]],
  );
  const original = runModule(path.join(dir, 'routes.js')).default as Route[];
  // The docs list (a parameter route among its leaves), the short list and the top level, as generated.
  assert.deepEqual(routes.slice(1), original.slice(1));
});

test('merging every shard back gives Docusaurus’ route table, chunk names and registry exactly', () => {
  const index = runModule(files.index);
  const routes = index.default as Route[];
  const registry = runModule(files.registry).default as Record<string, unknown[]>;
  const chunkNames = JSON.parse(readFileSync(files.routesChunkNames, 'utf8')) as Record<string, unknown>;
  const entryRegistrySize = Object.keys(registry).length;
  for (const {parent, chunks} of index.routeShards as Shards)
    for (const chunk of chunks) {
      const shard = runModule(path.join(path.dirname(files.index), `${chunk}.js`));
      const shardRegistry = shard.registry as Record<string, unknown[]>;
      for (const name of Object.keys(shardRegistry)) assert.ok(!(name in registry), `${name} in two places`);
      Object.assign(registry, shardRegistry);
      Object.assign(chunkNames, shard.routesChunkNames);
      parent.routes = [...(parent.routes ?? []), ...(shard.routes as () => Route[])()];
    }
  const original = runModule(path.join(dir, 'routes.js')).default as Route[];
  const byPath = (list: Route[]) => [...list].sort((a, b) => (a.path < b.path ? -1 : 1));
  const apiLeaves = (tree: Route[]) => tree[0]!.routes![0]!.routes![0]!.routes!;
  assert.deepEqual(byPath(apiLeaves(routes)), byPath(apiLeaves(original)));
  apiLeaves(routes).length = 0;
  apiLeaves(original).length = 0;
  assert.deepEqual(routes, original);
  assert.deepEqual(chunkNames, JSON.parse(readFileSync(path.join(dir, 'routesChunkNames.json'), 'utf8')));
  assert.deepEqual(
    registryText(registry),
    registryText(runModule(path.join(dir, 'registry.js')).default as Record<string, unknown[]>),
  );
  // The entry keeps the chunks of the other routes, the shared component, and the module two shards share.
  assert.equal(entryRegistrySize, Object.keys(registry).length - 70 - 1);
});

test('the browser’s lookup finds each leaf’s shard, in any case, with or without a trailing slash', () => {
  const index = runModule(files.index);
  const {starts, chunks} = (index.routeShards as Shards)[0]!;
  for (const [number, chunk] of chunks.entries()) {
    const shard = runModule(path.join(path.dirname(files.index), `${chunk}.js`));
    for (const {path: routePath} of (shard.routes as () => Route[])())
      for (const visited of [routePath, `${routePath}/`, routePath.toUpperCase(), routePath.toLowerCase()])
        assert.equal(shardAt(starts, routeKey(visited)), number, `${visited} looked up in the wrong shard`);
  }
});

test('a registry that no longer reads as codegenRoutes.js wrote it fails the build, naming the file and line', () => {
  const registry = path.join(dir, 'registry.js');
  const original = readFileSync(registry, 'utf8');
  try {
    writeFileSync(registry, original.replace(/\n {2}"/, '\n  /* changed */ "'));
    assert.throws(() => writeRouteShards(dir, 32), /registry\.js:2 is not a registry entry .* SPEED_OFF=route-shards/);
  } finally {
    writeFileSync(registry, original);
  }
});

const link = (href: string): PropSidebarItemLink => ({
  type: 'link',
  label: href,
  href,
  docId: `doc${href}`,
  className: 'api-method get',
});
const linksUnder = (folder: string, count: number) =>
  Array.from({length: count}, (_, i) => link(`/api/${folder}/page-${String(i).padStart(2, '0')}`));

/**
 * The route shards of one docs version whose sidebar is `sidebar` (every entry a page), written into a
 * directory of their own; `use` reads them, then the directory goes.
 */
async function withVersionShards(
  sidebar: PropSidebarItemCategory[],
  use: (written: {files: RouteShardFiles; shards: Record<string, unknown>[]; docs: Record<string, unknown>}) => void,
) {
  const versionDir = mkdtempSync(path.join(os.tmpdir(), 'route-shards-version-'));
  try {
    const docs = Object.fromEntries(
      operationsOf(sidebar).flatMap((item) =>
        item.type === 'link'
          ? [[item.docId!, {id: item.docId, title: item.label, description: `About ${item.href}`}]]
          : [],
      ),
    );
    const propsModule = '@generated/docusaurus-plugin-content-docs/api/p/api-xyz.json';
    const propsFile = path.join(versionDir, propsModule.slice('@generated/'.length));
    mkdirSync(path.dirname(propsFile), {recursive: true});
    writeFileSync(propsFile, JSON.stringify({version: {docs, docsSidebars: {apiSidebar: sidebar}}}));
    // Every page: operationsOf keeps a category with a page of its own beside its entries.
    const pages = operationsOf(sidebar).map((item) => (item as {href: string}).href);
    await generateRouteFiles({
      generatedFilesDir: versionDir,
      routes: [
        {
          path: '/api',
          component: '@theme/DocVersionRoot',
          modules: {__props: propsModule},
          routes: [
            {
              path: '/api',
              component: '@theme/DocRoot',
              routes: pages.map((page, i) => leaf(page, `@site/api/${i}.mdx`)),
            },
          ],
        },
      ],
    });
    const files = writeRouteShards(versionDir, 32);
    const shards = files.shardChunks.map((chunk) => runModule(path.join(path.dirname(files.index), `${chunk}.js`)));
    use({files, shards, docs});
  } finally {
    rmSync(versionDir, {recursive: true, force: true});
  }
}

/** The whole props' loader the index gives a sharded list, if any, and whether their file was written. */
function wholeVersionOf(files: RouteShardFiles): {loader: boolean; written: boolean} {
  const index = readFileSync(files.index, 'utf8');
  const id = /version: \{id: "(version-[0-9a-f]{8})"/.exec(index)?.[1];
  const written = readdirSync(path.dirname(files.index)).some((file) => /^version-[0-9a-f]{8}\.json$/.test(file));
  return {loader: id !== undefined, written};
}

test("pages listing a category's entries get what they show in their shard; only those listing more than the lean props hold load the whole", async () => {
  const withCards = (cards: number, item: PropSidebarItemCategory) => ({
    ...item,
    customProps: {operationCards: cards},
  });
  // API landing pages: one past its limit of 10 (lines), one within its 300 (a card per operation).
  const long = withCards(
    10,
    category('Long API', [category('a', linksUnder('long', 12)), category('b', linksUnder('long-b', 6))], '/api/long'),
  );
  const short = withCards(300, category('Short API', linksUnder('short', 20), '/api/short'));
  // Generated index pages: two guides' cards (their docs' descriptions); a category card with a
  // description of its own; one counting a long category's entries; one of more cards than the lean props hold.
  const guides = category('Guides', [link('/api/guide'), link('/api/guide-2')], '/api/category/guides');
  const described = category(
    'Described',
    [{...category('Many', linksUnder('many', 30)), description: 'Thirty pages.'}],
    '/api/category/described',
  );
  const counted = category('Counted', [category('Many too', linksUnder('many-too', 30))], '/api/category/counted');
  const crowded = category('Crowded', linksUnder('crowded', 30), '/api/category/crowded');
  await withVersionShards([long, short, guides, described, counted, crowded], ({files, shards, docs}) => {
    const merged = (name: string) =>
      Object.assign({}, ...shards.map((shard) => shard[name])) as Record<string, unknown>;
    const expected = operationIndex(long.items, 10);
    assert.ok('lines' in expected);
    assert.deepEqual(merged('operationIndexes'), {[routeKey('/api/long')]: expected.lines});
    const docsOf = (...ids: string[]) => Object.fromEntries(ids.map((id) => [id, docs[id]]));
    assert.deepEqual(merged('categoryCards'), {
      // Within its limit, the short API's landing page gets its entries whole (the lean props cut them).
      [routeKey('/api/short')]: {
        docs: docsOf(...short.items.map((item) => (item as PropSidebarItemLink).docId!)),
        items: short.items,
      },
      [routeKey('/api/category/guides')]: {docs: docsOf('doc/api/guide', 'doc/api/guide-2')},
      [routeKey('/api/category/described')]: {docs: {}},
    });
    assert.deepEqual(
      shards.flatMap((shard) => shard.fullVersionPaths as string[]).sort(),
      ['/api/category/counted', '/api/category/crowded'].map(routeKey).sort(),
    );
    assert.deepEqual(wholeVersionOf(files), {loader: true, written: true});
  });
});

test('no page needs the whole version props: the browser gets no chunk of them', async () => {
  const guides = category('Guides', [link('/api/guide'), link('/api/guide-2')], '/api/category/guides');
  const api = {...category('API', linksUnder('api', 40), '/api/reference'), customProps: {operationCards: 10}};
  await withVersionShards([api, guides], ({files, shards}) => {
    assert.deepEqual(
      shards.flatMap((shard) => shard.fullVersionPaths as string[]),
      [],
    );
    assert.deepEqual(wholeVersionOf(files), {loader: false, written: false});
  });
});
