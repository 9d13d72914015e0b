// The docs version props a page renders with when speed/route-shards.ts gave the browser them lean
// (each long sidebar category cut to its first entries, no doc list): speed/shims/load-route-shards.ts fills these
// tables as route shards and whole props load; src/theme/DocVersionRoot asks `versionForPage`.
// Without the trick (SPEED_OFF=route-shards) the props are whole and pass through unchanged.
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';

import {routeKey, safeDecodeURI} from './route-shard-lookup';
import {withGrafts, type SidebarGraft} from '../../src/sidebar-window';
import type {IndexEntry} from '../../src/components/OperationIndex/entries';

/** By page (route key): what its sidebar window shows past the lean sidebar's cut, by sidebar. */
export const graftsByPage = new Map<string, Record<string, SidebarGraft[]>>();
/** Pages (route keys) that list more of a category's entries than the lean props hold: they need the whole props. */
export const fullVersionPages = new Set<string>();
/** By page (route key): an API landing page's index lines, made from the whole sidebar (route-shards.ts). */
export const operationIndexesByPage = new Map<string, IndexEntry[]>();
/** By page (route key): the docs a generated index page's link cards describe (route-shards.ts). */
export const cardDocsByPage = new Map<string, Record<string, unknown>>();
/** The whole props of a docs version, by id, once a page that needs them has loaded them. */
export const fullVersions = new Map<string, {version: unknown}>();

/**
 * The props a page renders with: the whole props once loaded, otherwise the lean props (`leanVersion`
 * names them) with the page's sidebar entries grafted. Either way its sidebar window shows the same
 * entries as the server rendered from the whole props (src/sidebar-window.ts).
 */
export function versionForPage<
  Version extends {docsSidebars: Record<string, PropSidebarItem[]>; docs: Record<string, unknown>},
>(leanVersion: string | undefined, version: Version, pathname: string): Version {
  if (leanVersion === undefined) return version;
  const full = fullVersions.get(leanVersion);
  if (full) return full.version as Version;
  const grafts = byPage(graftsByPage, pathname);
  const docs = byPage(cardDocsByPage, pathname);
  if (!grafts && !docs) return version;
  return {
    ...version,
    docsSidebars: Object.fromEntries(
      Object.entries(version.docsSidebars).map(([name, items]) => [name, withGrafts(items, grafts?.[name] ?? [])]),
    ),
    // A generated index page's link cards show their docs' descriptions (theme-classic's DocCard).
    docs: docs ? {...version.docs, ...docs} : version.docs,
  };
}

/** A page's entry in a table keyed by route key, whichever way its path is encoded. */
const byPage = <Value>(table: Map<string, Value>, pathname: string): Value | undefined =>
  table.get(routeKey(pathname)) ?? table.get(routeKey(safeDecodeURI(pathname)));

/**
 * The lines `pathname`'s API index lists when its route shard brought them (a landing page past its
 * card limit, whose category the lean props hold cut); otherwise undefined, and the page makes them
 * from its sidebar category, as the server did.
 */
export function shippedOperationIndex(pathname: string): IndexEntry[] | undefined {
  return byPage(operationIndexesByPage, pathname);
}
