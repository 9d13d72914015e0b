// The browser half of the `route-shards` trick (speed/route-shards.ts): the route table Docusaurus
// matches paths against has its large leaf lists empty until a path's shard is loaded, which adds
// that shard's routes, their chunk names and their chunks' loaders to Docusaurus' own tables (and,
// as its file runs, the hashes in their files' names: speed/shard-chunk-hashes.ts).
// Preloading (the first render, a navigation, a link hovered) and prefetching call this first.
import {matchPath} from '@docusaurus/router';
import registry from '@generated/registry';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import {routeShards, type RouteShard} from '@generated/route-shards';

import {
  categoryCardsByPage,
  fullVersionPages,
  fullVersions,
  graftsByPage,
  operationIndexesByPage,
} from './lean-version';
import {routeKey, safeDecodeURI, shardAt} from './route-shard-lookup';

type Route = (typeof routes)[number];

const listOf = new Map<Route, RouteShard>(routeShards.map((list) => [list.parent as Route, list]));

/** The shards a path needs: where it passes a sharded list, as react-router-config's matchRoutes walks. */
function shardsFor(pathname: string): {list: RouteShard; shard: number}[] {
  const needed: {list: RouteShard; shard: number}[] = [];
  for (const path of new Set([pathname, safeDecodeURI(pathname)])) {
    let level: readonly Route[] | undefined = routes;
    while (level) {
      const route: Route | undefined = level.find((candidate) => !candidate.path || matchPath(path, candidate));
      if (!route) break;
      const list = listOf.get(route);
      if (list) needed.push({list, shard: shardAt(list.starts, routeKey(path))});
      level = route.routes as Route[] | undefined;
    }
  }
  return needed;
}

const loads = new Map<string, Promise<void>>();
/** Loads a thing once at a time; a failed load is tried again next time (the caller reloads the page). */
function loadOnce(key: string, load: () => Promise<void>): Promise<void> {
  let loading = loads.get(key);
  if (!loading) {
    loading = load();
    loading.catch(() => loads.delete(key));
    loads.set(key, loading);
  }
  return loading;
}

function loadShard(list: RouteShard, shard: number): Promise<void> {
  return loadOnce(list.chunks[shard]!, () =>
    list.load[shard]!().then((module) => {
      Object.assign(registry, module.registry);
      Object.assign(routesChunkNames, module.routesChunkNames);
      for (const [page, grafts] of Object.entries(module.sidebarGrafts)) graftsByPage.set(page, grafts);
      for (const page of module.fullVersionPaths) fullVersionPages.add(page);
      for (const [page, lines] of Object.entries(module.operationIndexes)) operationIndexesByPage.set(page, lines);
      for (const [page, cards] of Object.entries(module.categoryCards)) categoryCardsByPage.set(page, cards);
      // A new array: what renders the list reads it from its parent route on each render.
      list.parent.routes = [...(list.parent.routes ?? []), ...module.routes()];
    }),
  );
}

function loadFullVersion(list: RouteShard): Promise<void> {
  const {version} = list;
  if (!version) return Promise.resolve();
  return loadOnce(version.id, () =>
    version.load().then((module) => {
      fullVersions.set(version.id, module.default);
    }),
  );
}

/** Loads the shards `pathname` needs, so that Docusaurus finds its route (and the props its page needs). */
export function loadRouteShards(pathname: string): Promise<void> {
  const needed = shardsFor(pathname);
  // Known once its shard has loaded: does the page list a category's entries?
  const listsEntries = () => [pathname, safeDecodeURI(pathname)].some((path) => fullVersionPages.has(routeKey(path)));
  return Promise.all(needed.map(({list, shard}) => loadShard(list, shard)))
    .then(() => (listsEntries() ? Promise.all(needed.map(({list}) => loadFullVersion(list))) : undefined))
    .then(() => undefined);
}

/** The chunk names of the shards `pathname` needs that have not loaded yet. */
export function missingRouteShards(pathname: string): string[] {
  return shardsFor(pathname)
    .map(({list, shard}) => list.chunks[shard]!)
    .filter((chunk) => !loads.has(chunk));
}
