// The index speed/route-shards.ts writes for the browser bundle (speed/shims/load-route-shards.ts reads it).
declare module '@generated/route-shards' {
  import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
  import type {Registry, RouteChunkNames} from '@docusaurus/types';
  import type routes from '@generated/routes';

  type Route = (typeof routes)[number];

  /** A sidebar entry a page's window shows that the lean sidebar cut (src/sidebar-window.ts). */
  type SidebarGraft = {at: number[]; item: PropSidebarItem};

  /** One shard: its routes' loaders, chunk names and routes (made after the two are registered). */
  export type RouteShardModule = {
    registry: Registry;
    routesChunkNames: RouteChunkNames;
    routes: () => Route[];
    /** By page (route key), by sidebar: what its window shows past the lean sidebar's cut. */
    sidebarGrafts: Record<string, Record<string, SidebarGraft[]>>;
    /** The pages (route keys) that need the version's whole props: category pages, listing entries. */
    fullVersionPaths: string[];
    /** By page (route key): the lines of an API landing page past its card limit (OperationIndex). */
    operationIndexes: Record<string, {label: string; href: string; operations?: number; method?: string}[]>;
    /** By page (route key): the docs its category's link cards describe, and its entries when cut. */
    categoryCards: Record<string, {docs: Record<string, unknown>; items?: PropSidebarItem[]}>;
  };

  /** A sharded list: the route whose `routes` it is, each shard's first path key, chunk name and loader. */
  export type RouteShard = {
    parent: Route;
    starts: readonly string[];
    chunks: readonly string[];
    load: readonly (() => Promise<RouteShardModule>)[];
    /** The docs version whose props the browser gets lean, and the loader of its whole props. */
    version?: {id: string; load: () => Promise<{default: {version: unknown}}>};
  };

  export const routeShards: readonly RouteShard[];
}
