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
/**
 * By page (route key): what a page listing its category's entries as cards needs (route-shards.ts):
 * the docs they describe, and the category's entries whole when the lean props cut them.
 */
export const categoryCardsByPage = new Map<string, {docs: Record<string, unknown>; items?: PropSidebarItem[]}>();
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
  const cards = byPage(categoryCardsByPage, pathname);
  if (!grafts && !cards) return version;
  const entries = cards?.items;
  return {
    ...version,
    docsSidebars: Object.fromEntries(
      Object.entries(version.docsSidebars).map(([name, items]) => {
        const grafted = withGrafts(items, grafts?.[name] ?? []);
        return [name, entries ? withCategoryEntries(grafted, pathname, entries) : grafted];
      }),
    ),
    // Link cards show their docs' descriptions (theme-classic's DocCard).
    docs: cards ? {...version.docs, ...cards.docs} : version.docs,
  };
}

/** `items` with the category whose page is `pathname` holding `entries` (a copy along its path only). */
function withCategoryEntries(
  items: readonly PropSidebarItem[],
  pathname: string,
  entries: PropSidebarItem[],
): PropSidebarItem[] {
  let found = false;
  const visit = (list: readonly PropSidebarItem[]): PropSidebarItem[] =>
    list.map((item) => {
      if (found || item.type !== 'category') return item;
      if (item.href !== undefined && [pathname, safeDecodeURI(pathname)].map(routeKey).includes(routeKey(item.href))) {
        found = true;
        return {...item, items: entries};
      }
      const children = visit(item.items);
      return children.some((child, index) => child !== item.items[index]) ? {...item, items: children} : item;
    });
  return visit(items);
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
