// The index plugins/route-shards.ts writes for the browser bundle (src/route-shards.ts reads it).
declare module '@generated/route-shards' {
  import type {Registry, RouteChunkNames} from '@docusaurus/types';
  import type routes from '@generated/routes';

  type Route = (typeof routes)[number];

  /** One shard: its routes' loaders, chunk names and routes (made after the two are registered). */
  export type RouteShardModule = {
    registry: Registry;
    routesChunkNames: RouteChunkNames;
    routes: () => Route[];
  };

  /** A sharded list: the route whose `routes` it is, each shard's first path key, chunk name and loader. */
  export type RouteShard = {
    parent: Route;
    starts: readonly string[];
    chunks: readonly string[];
    load: readonly (() => Promise<RouteShardModule>)[];
  };

  export const routeShards: readonly RouteShard[];
}
