/**
 * The `route-shards` trick: the browser's route table without the leaves of large route lists.
 * Docusaurus puts every route, its chunk names and its chunk loaders in the entry bundle
 * (`.docusaurus/routes.js`, `routesChunkNames.json`, `registry.js`), which every page loads: at 2,000
 * operations nearly 100 KB gzipped. For the browser bundle of a production build, this plugin writes a
 * copy of the three in which each list of more than `routesPerShard` leaf routes (the reference's
 * pages: plain paths, exact, no children) is empty and its leaves are in shards of consecutive paths,
 * each a chunk of its own holding its routes, their chunk names and the loaders of the chunks only
 * they use. `speed/shims/load-route-shards.ts` loads the shard of a path before Docusaurus matches it (preload,
 * prefetch: `speed/shims/preload-route-shards.ts`, `prefetch-route-shards.ts`). The server bundle keeps
 * the whole table, so the pages it renders are the same. `SPEED_OFF=route-shards` turns it off.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createHash} from 'node:crypto';
import path from 'node:path';

import type {PropSidebarItem, PropSidebarItemCategory} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {routeKey} from './shims/route-shard-lookup';
import {leanSidebar, serverSidebarLimit, sidebarGrafts} from '../src/sidebar-window';
import {operationCardsOf, operationIndex, type IndexEntry} from '../src/components/OperationIndex/entries';
import {chunkNamesOf, readGeneratedRoutes, type GeneratedRoute} from '../lib/generated-routes';
import {ShardChunkHashes} from './shard-chunk-hashes';
import {isTrickOn} from './switches';

/** Leaves per shard at most; a list is sharded once it has more (the 15-operation reference has 36). */
export const routesPerShard = 32;

type Creator = {routePath: string; hash?: string};
type Route = GeneratedRoute<Creator>;

/** A leaf route of a literal path (no parameter, group or wildcard: path-to-regexp reads it as text). */
const isLiteralLeaf = (route: Route) =>
  route.exact === true && !route.routes && !/[\\:()*?+[\]{}]/.test(route.path) && route.component.hash !== undefined;

/**
 * A registry line as codegenRoutes.js writes it: `  "<chunk name>": [<loader>, "<module>", <weak id>],`,
 * the last one followed by the object's closing `};`.
 */
const registryLine = /^ {2}"([^"]+)": (\[\(\) => import\(.*\)\]),(?:\};)?$/;

function readRegistry(generatedFilesDir: string): Map<string, string> {
  const file = path.join(generatedFilesDir, 'registry.js');
  const lines = readFileSync(file, 'utf8').split('\n');
  const entries = new Map<string, string>();
  for (const [index, line] of lines.entries()) {
    if (line === 'export default {' || line === '};' || line === '') continue;
    const match = registryLine.exec(line);
    if (!match)
      throw new Error(
        `speed/route-shards.ts: ${file}:${index + 1} is not a registry entry as codegenRoutes.js wrote them; adapt readRegistry or build with SPEED_OFF=route-shards`,
      );
    entries.set(match[1]!, match[2]!);
  }
  return entries;
}

type ChunkNames = Record<string, unknown>;

const keyOf = ({routePath, hash}: Creator) => (hash === undefined ? routePath : `${routePath}-${hash}`);
const js = (value: unknown) => JSON.stringify(value);

/** A route as JavaScript, its component a ComponentCreator call; `children` stands for its `routes`. */
function routeCode(route: Route, children?: string): string {
  const {path: routePath, component, exact, routes, ...attributes} = route;
  const parts = [
    `path: ${js(routePath)}`,
    `component: ComponentCreator(${[component.routePath, component.hash]
      .filter((part) => part !== undefined)
      .map(js)
      .join(', ')})`,
  ];
  if (exact) parts.push('exact: true');
  if (children !== undefined) parts.push(`routes: ${children}`);
  else if (routes) parts.push(`routes: [${routes.map((child) => routeCode(child)).join(',\n')}]`);
  for (const [name, value] of Object.entries(attributes)) parts.push(`${js(name)}: ${js(value)}`);
  return `{${parts.join(', ')}}`;
}

type Shard = {chunkName: string; start: string; file: string; code: string};
type ShardedList = {parentVariable: string; parentCode: string; shards: Shard[]; lean?: LeanVersion};

/** A docs version's props (`{version}`, the docs plugin's) as the browser gets them for a sharded list. */
type LeanVersion = {
  id: string;
  /** The props module's file, which the browser bundle's alias points to `leanProps`. */
  propsFile: string;
  fullSource: string;
  fullSidebars: Record<string, PropSidebarItem[]>;
  leanProps: unknown;
  /** The route keys of the category pages that list more than the lean props hold: they load the whole props. */
  categoryPages: Set<string>;
  /**
   * The landing pages of APIs past their card limit, by route key: the lines their index lists, made
   * here from the whole sidebar, so that such a page (Graph's lists 11,422 operations' 418 groups) need
   * not load every sidebar entry of the version (src/components/OperationIndex).
   */
  operationIndexes: Map<string, IndexEntry[]>;
  /** The pages that list a category's entries as cards, by route key: what they need for them. */
  categoryCards: Map<string, CategoryCards>;
};

/**
 * What a category's page needs beside the lean props to show its cards as the whole props would: the
 * docs its link cards describe, and, when the lean props hold the category cut (an API landing page
 * with a card per operation), its entries whole.
 */
type CategoryCards = {docs: Record<string, unknown>; items?: PropSidebarItem[]};

/**
 * Whether the lean props show a category page's cards as the whole props would (theme-classic's
 * DocCard), given its link cards' docs: the category itself is not cut, and a category card with no
 * description of its own, which counts its entries, is not cut either.
 */
function leanCards(category: PropSidebarItemCategory, limit = serverSidebarLimit): boolean {
  if (category.items.length > limit) return false;
  return !category.items.some(
    (item) => item.type === 'category' && item.description === undefined && item.items.length > limit,
  );
}

export type RouteShardFiles = {
  /** Stands for `@generated/routes`, and is `@generated/route-shards` (the shards' index). */
  index: string;
  registry: string;
  routesChunkNames: string;
  /** Leaves moved into shards; 0 when no list is large enough (the three stand for the originals unchanged). */
  shardedRoutes: number;
  /** The shards' chunk names. */
  shardChunks: string[];
  /** The docs version props modules of sharded lists (their files) → the lean props the browser gets instead. */
  versionAliases: Record<string, string>;
};

const writeIfChanged = (file: string, content: string) => {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== content) writeFileSync(file, content);
};

/** Writes the browser's route table with large leaf lists in shards, into `<generatedFilesDir>/route-shards/`. */
export function writeRouteShards(generatedFilesDir: string, perShard = routesPerShard): RouteShardFiles {
  const routes = readGeneratedRoutes(
    generatedFilesDir,
    (routePath, hash): Creator => ({routePath, hash}),
    'speed/route-shards.ts (build with SPEED_OFF=route-shards and adapt the plugin)',
  );
  const registry = readRegistry(generatedFilesDir);
  const routesChunkNames = JSON.parse(
    readFileSync(path.join(generatedFilesDir, 'routesChunkNames.json'), 'utf8'),
  ) as ChunkNames;
  const outDir = path.join(generatedFilesDir, 'route-shards');
  mkdirSync(outDir, {recursive: true});

  // Which lists to shard, and which routes go where.
  const sharded = new Map<Route, Route[][]>();
  const ancestorsOf = new Map<Route, Route[]>();
  const visit = (list: Route[], ancestors: Route[]) => {
    for (const route of list) {
      const children = route.routes;
      if (!children) continue;
      ancestorsOf.set(route, ancestors);
      if (children.length > perShard && children.every(isLiteralLeaf)) {
        const sorted = [...children].sort((a, b) => (routeKey(a.path) < routeKey(b.path) ? -1 : 1));
        const count = Math.ceil(sorted.length / perShard);
        const size = Math.ceil(sorted.length / count);
        sharded.set(
          route,
          Array.from({length: count}, (_, i) => sorted.slice(i * size, (i + 1) * size)),
        );
      } else visit(children, [...ancestors, route]);
    }
  };
  // The top level is rendered once, when the app loads (App.js): only nested lists can grow later.
  for (const route of routes) if (route.routes) visit([route], []);

  /**
   * The docs version (the docs plugin's version route, with `{version}` props holding every sidebar and
   * doc) whose pages are `parent`'s list: the browser gets each sidebar's long categories cut
   * (leanSidebar) and no doc list (only category pages' cards read it: each gets its cards' docs, and
   * its category's entries when the lean sidebar cuts them, or loads the whole props when it lists
   * more than 25 cards or a doc is missing),
   * each page's shard the entries its window shows past the cut (sidebarGrafts).
   */
  const leanVersionOf = (parent: Route): LeanVersion | undefined => {
    const versionRoute = [...(ancestorsOf.get(parent) ?? [])]
      .reverse()
      .find((route) => (routesChunkNames[keyOf(route.component)] as {__props?: string} | undefined)?.__props);
    // Every route under the version must be in a sharded list: a page outside the shards would get no grafts.
    if (!versionRoute?.routes?.every((child) => sharded.has(child))) return undefined;
    const propsChunk = (routesChunkNames[keyOf(versionRoute.component)] as {__props: string}).__props;
    const modulePath = /"(@generated\/[^"]+\.json)"/.exec(registry.get(propsChunk) ?? '')?.[1];
    if (!modulePath) return undefined;
    const propsFile = path.join(generatedFilesDir, modulePath.slice('@generated/'.length));
    const fullSource = readFileSync(propsFile, 'utf8');
    const props = JSON.parse(fullSource) as {version?: {docsSidebars?: Record<string, PropSidebarItem[]>}};
    const fullSidebars = props.version?.docsSidebars;
    if (!fullSidebars) return undefined;
    const id = `version-${createHash('sha256').update(modulePath).digest('hex').slice(0, 8)}`;
    const categoryPages = new Set<string>();
    const operationIndexes = new Map<string, IndexEntry[]>();
    const categoryCards = new Map<string, CategoryCards>();
    const docs = (props.version as {docs?: Record<string, unknown>}).docs ?? {};
    // The docs of these cards, or undefined when one is missing (the page then loads the whole props).
    const docsOf = (cards: readonly PropSidebarItem[]) => {
      const ids = cards.flatMap((card) => (card.type === 'link' && card.docId ? [card.docId] : []));
      return ids.every((id) => id in docs) ? Object.fromEntries(ids.map((id) => [id, docs[id]])) : undefined;
    };
    const collect = (items: PropSidebarItem[]) => {
      for (const item of items)
        if (item.type === 'category') {
          collect(item.items);
          if (!item.href) continue;
          const key = routeKey(item.href);
          const cards = operationCardsOf(item);
          // An API's landing page (src/components/OperationIndex): its lines, or a card per operation.
          if (cards !== undefined) {
            const index = operationIndex(item.items, cards);
            const cardDocs = 'cards' in index ? docsOf(index.cards) : undefined;
            if ('lines' in index) operationIndexes.set(key, index.lines);
            else if (cardDocs) categoryCards.set(key, {docs: cardDocs, items: item.items});
            else categoryPages.add(key);
            continue;
          }
          // A generated index page: its cards, from the lean props and its link cards' docs.
          const cardDocs = leanCards(item) ? docsOf(item.items) : undefined;
          if (cardDocs) categoryCards.set(key, {docs: cardDocs});
          else categoryPages.add(key);
        }
    };
    for (const items of Object.values(fullSidebars)) collect(items);
    const leanProps = {
      ...props,
      version: {
        ...props.version,
        docs: {},
        docsSidebars: Object.fromEntries(
          Object.entries(fullSidebars).map(([name, items]) => [name, leanSidebar(items)]),
        ),
      },
      leanVersion: id,
    };
    return {id, propsFile, fullSource, fullSidebars, leanProps, categoryPages, operationIndexes, categoryCards};
  };
  const leanVersions = new Map([...sharded.keys()].map((parent) => [parent, leanVersionOf(parent)]));

  // A chunk's loader moves into a shard when only that shard's routes use it.
  const users = new Map<string, Set<Route[] | 'main'>>();
  const shardOfRoute = new Map<Route, Route[]>();
  for (const shards of sharded.values())
    for (const shard of shards) for (const leaf of shard) shardOfRoute.set(leaf, shard);
  const record = (list: Route[]) => {
    for (const route of list) {
      const owner = shardOfRoute.get(route) ?? 'main';
      for (const chunk of chunkNamesOf(routesChunkNames[keyOf(route.component)]))
        (users.get(chunk) ?? users.set(chunk, new Set()).get(chunk)!).add(owner);
      if (route.routes) record(route.routes);
    }
  };
  record(routes);
  const ownedBy = (shard: Route[]) => (chunk: string) => {
    const owners = users.get(chunk);
    return owners?.size === 1 && owners.has(shard);
  };

  const lists: ShardedList[] = [];
  const moved = new Set<string>();
  const movedKeys = new Set<string>();
  for (const [parent, shards] of sharded) {
    const parentVariable = `list${lists.length}`;
    const lean = leanVersions.get(parent);
    const shardEntries = shards.map((leaves): Shard => {
      const start = routeKey(leaves[0]!.path);
      const chunkName = `routes-${createHash('sha256').update(start).digest('hex').slice(0, 8)}`;
      const chunks = [...new Set(leaves.flatMap((leaf) => chunkNamesOf(routesChunkNames[keyOf(leaf.component)])))]
        .filter(ownedBy(leaves))
        .sort();
      for (const chunk of chunks) moved.add(chunk);
      for (const leaf of leaves) movedKeys.add(keyOf(leaf.component));
      const grafts = lean
        ? Object.fromEntries(
            leaves.flatMap((leaf) => {
              const items = lean.fullSidebars[leaf.sidebar as string];
              const pageGrafts = items ? sidebarGrafts(items, leaf.path) : [];
              return pageGrafts.length > 0 ? [[routeKey(leaf.path), {[leaf.sidebar as string]: pageGrafts}]] : [];
            }),
          )
        : {};
      const fullPaths = lean
        ? leaves.map(({path: leafPath}) => routeKey(leafPath)).filter((key) => lean.categoryPages.has(key))
        : [];
      // What each of these pages needs of the version beside its lean props, by route key.
      const byPage = <Value>(table: Map<string, Value> | undefined) =>
        Object.fromEntries(
          leaves.flatMap(({path: leafPath}) => {
            const value = table?.get(routeKey(leafPath));
            return value === undefined ? [] : [[routeKey(leafPath), value]];
          }),
        );
      const code = [
        "import ComponentCreator from '@docusaurus/ComponentCreator';",
        '',
        `export const sidebarGrafts = ${js(grafts)};`,
        `export const fullVersionPaths = ${js(fullPaths)};`,
        `export const operationIndexes = ${js(byPage(lean?.operationIndexes))};`,
        `export const categoryCards = ${js(byPage(lean?.categoryCards))};`,
        `export const registry = {\n${chunks.map((chunk) => `  ${js(chunk)}: ${registry.get(chunk)},`).join('\n')}\n};`,
        `export const routesChunkNames = ${js(Object.fromEntries(leaves.map((leaf) => [keyOf(leaf.component), routesChunkNames[keyOf(leaf.component)]])))};`,
        `export const routes = () => [\n${leaves.map((leaf) => `  ${routeCode(leaf)}`).join(',\n')}\n];`,
        '',
      ].join('\n');
      return {chunkName, start, file: `${chunkName}.js`, code};
    });
    lists.push({
      parentVariable,
      parentCode: routeCode(parent, '[]'),
      shards: shardEntries,
      lean,
    });
  }

  // The whole props are a chunk only where a page loads them: no page of GitHub's or Microsoft Graph's
  // sites does, and theirs were 0.7 and 8 MB, the largest file of either site (bench/README.md).
  const wholeNeeded = (lean: LeanVersion | undefined): lean is LeanVersion => (lean?.categoryPages.size ?? 0) > 0;

  // The index: the route tree with the sharded lists empty, and where each shard starts.
  const variables = new Map([...sharded.keys()].map((route, i) => [route, lists[i]!.parentVariable]));
  const treeCode = (route: Route): string => {
    const variable = variables.get(route);
    if (variable) return variable;
    return route.routes ? routeCode(route, `[${route.routes.map(treeCode).join(',\n')}]`) : routeCode(route);
  };
  const index = [
    "import ComponentCreator from '@docusaurus/ComponentCreator';",
    '',
    ...lists.map(({parentVariable, parentCode}) => `const ${parentVariable} = ${parentCode};`),
    '',
    "/** Each sharded list: its parent route, each shard's first path key, chunk and loader; its docs version. */",
    'export const routeShards = [',
    ...lists.map(
      ({parentVariable, shards, lean}) =>
        `  {parent: ${parentVariable}, starts: ${js(shards.map(({start}) => start))}, chunks: ${js(shards.map(({chunkName}) => chunkName))}, load: [${shards.map(({chunkName, file}) => `() => import(/* webpackChunkName: ${js(chunkName)} */ ${js(`./${file}`)})`).join(', ')}]${wholeNeeded(lean) ? `, version: {id: ${js(lean.id)}, load: () => import(/* webpackChunkName: ${js(lean.id)} */ ${js(`./${lean.id}.json`)})}` : ''}},`,
    ),
    '];',
    '',
    `export default [\n${routes.map(treeCode).join(',\n')}\n];`,
    '',
  ].join('\n');

  for (const {shards} of lists) for (const {file, code} of shards) writeIfChanged(path.join(outDir, file), code);
  const versionAliases: Record<string, string> = {};
  for (const {lean} of lists)
    if (lean) {
      // The whole props, loaded before a page that lists a category's entries (and then used by every page).
      if (wholeNeeded(lean)) writeIfChanged(path.join(outDir, `${lean.id}.json`), lean.fullSource);
      writeIfChanged(path.join(outDir, `${lean.id}-lean.json`), JSON.stringify(lean.leanProps));
      versionAliases[lean.propsFile] = path.join(outDir, `${lean.id}-lean.json`);
    }
  const files: RouteShardFiles = {
    index: path.join(outDir, 'index.js'),
    registry: path.join(outDir, 'registry.js'),
    routesChunkNames: path.join(outDir, 'routesChunkNames.json'),
    shardedRoutes: movedKeys.size,
    shardChunks: lists.flatMap(({shards}) => shards.map(({chunkName}) => chunkName)),
    versionAliases,
  };
  writeIfChanged(files.index, index);
  writeIfChanged(
    files.registry,
    `export default {\n${[...registry]
      .filter(([chunk]) => !moved.has(chunk))
      .map(([chunk, loader]) => `  ${js(chunk)}: ${loader},`)
      .join('\n')}\n};\n`,
  );
  writeIfChanged(
    files.routesChunkNames,
    JSON.stringify(Object.fromEntries(Object.entries(routesChunkNames).filter(([key]) => !movedKeys.has(key)))),
  );
  return files;
}

export default function routeShardsPlugin({generatedFilesDir}: LoadContext): Plugin {
  return {
    name: 'route-shards',
    configureWebpack(config, isServer) {
      // The server renders with the whole table; `npm start` regenerates routes as files change.
      if (isServer || config.mode !== 'production') return {};
      const files = writeRouteShards(generatedFilesDir);
      const plugins = isTrickOn('shard-chunk-hashes') ? [new ShardChunkHashes(new Set(files.shardChunks))] : [];
      // `@generated/x` resolves to `<generatedFilesDir>/x` first; these stand for the results.
      return {
        plugins,
        resolve: {
          alias: {
            [`${path.join(generatedFilesDir, 'routes')}$`]: files.index,
            [`${path.join(generatedFilesDir, 'registry')}$`]: files.registry,
            [`${path.join(generatedFilesDir, 'routesChunkNames')}$`]: files.routesChunkNames,
            '@generated/route-shards$': files.index,
            ...Object.fromEntries(Object.entries(files.versionAliases).map(([file, lean]) => [`${file}$`, lean])),
          },
        },
      };
    },
  };
}
