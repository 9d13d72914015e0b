/**
 * The sidebar of a large API, bounded (issues "Scale" and 35). Every page's HTML carries the sidebar;
 * a reference category with a thousand tag groups would put all of them into each of its thousand
 * pages, so the built site, and every step that reads it, would grow with the square of the API. A
 * long category lists only its first entries, the entry on the path to the current page, and a link
 * to the category's own page, which lists everything; in the browser too, so that the browser needs
 * no more of the sidebar than that (speed/route-shards.ts gives it the first entries of each long
 * category, and each page's route shard the entries on its path: `leanSidebar`, `sidebarGrafts`).
 * Pure: no React, no Node.
 */
import type {PropSidebarItem, PropSidebarItemCategory, PropSidebarItemLink} from '@docusaurus/plugin-content-docs';

/** Entries a category lists in the server-rendered HTML before it is cut short. */
export const serverSidebarLimit = 25;

/** Class of the link that stands for the entries left out; the tests find it by this. */
export const sidebarWindowLinkClass = 'sidebar-window-all';

/** The paths `item` leads to: a link's, or a category's own and those of everything under it. */
function pathsLeadingFrom(item: PropSidebarItem, into: (path: string) => void): void {
  if (item.type === 'link' && item.href !== undefined) into(item.href);
  if (item.type !== 'category') return;
  if (item.href !== undefined) into(item.href);
  for (const child of item.items) pathsLeadingFrom(child, into);
}

/** Each list of entries' first entry leading to each path, made once per list. */
const entryIndexes = new WeakMap<readonly PropSidebarItem[], Map<string, number>>();

/**
 * The position of the first of `items` that leads to `activePath` (a link to it, or a category
 * holding one), or -1: looked up, since every page asks it of its long categories (and the route
 * shards of every page, at build time), and a walk of thousands of entries each time grew with the
 * square of the pages.
 */
function entryLeadingTo(items: readonly PropSidebarItem[], activePath: string): number {
  let positions = entryIndexes.get(items);
  if (!positions) {
    const index = new Map<string, number>();
    items.forEach((item, position) =>
      pathsLeadingFrom(item, (path) => {
        if (!index.has(path)) index.set(path, position);
      }),
    );
    entryIndexes.set(items, (positions = index));
  }
  return positions.get(activePath) ?? -1;
}

/** Does `item` lead to `activePath` (a link to it, or a category holding one)? */
function leadsTo(item: PropSidebarItem, activePath: string): boolean {
  if (item.type === 'link') return item.href === activePath;
  if (item.type === 'category') return item.href === activePath || entryLeadingTo(item.items, activePath) >= 0;
  return false;
}

/**
 * `category` as the server renders it: unchanged when it holds at most `limit` entries; otherwise its
 * first `limit`, the one leading to `activePath` when that is further down, and a link to
 * `allEntriesHref` (the category's page, or the nearest one above it) naming how many there are.
 */
export function windowedCategory(
  category: PropSidebarItemCategory,
  activePath: string,
  allEntriesHref: string | undefined,
  limit = serverSidebarLimit,
): PropSidebarItemCategory {
  const {items} = category;
  // A category `leanSidebar` cut holds its first entries and, grafted after them, the one on the path.
  const total = (category.customProps?.[windowTotalProp] as number | undefined) ?? items.length;
  if (total <= limit || allEntriesHref === undefined) return category;
  const shown = items.slice(0, limit);
  const active = entryLeadingTo(items, activePath);
  if (active >= limit) shown.push(items[active]!);
  const allEntries: PropSidebarItemLink = {
    type: 'link',
    label: `All ${total.toLocaleString('en')} in ${category.label}`,
    href: allEntriesHref,
    className: sidebarWindowLinkClass,
  };
  return {...category, items: [...shown, allEntries]};
}

/** Where `leanSidebar` keeps how many entries a category it cut had. */
const windowTotalProp = 'sidebarWindowTotal';

/**
 * A sidebar as the browser needs it for any page: each category of more than `limit` entries cut to
 * its first `limit` (and the number it had); everything else as it is.
 */
export function leanSidebar(
  items: readonly PropSidebarItem[],
  limit = serverSidebarLimit,
  allEntriesHref?: string,
): PropSidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const href = item.href ?? allEntriesHref;
    // Without a page to list them all, a long category is shown whole (windowedCategory).
    if (!isCut(item, limit, href)) return {...item, items: leanSidebar(item.items, limit, href)};
    return {
      ...item,
      items: leanSidebar(item.items.slice(0, limit), limit, href),
      customProps: {...item.customProps, [windowTotalProp]: item.items.length},
    };
  });
}

const isCut = (category: PropSidebarItemCategory, limit: number, allEntriesHref: string | undefined) =>
  category.items.length > limit && allEntriesHref !== undefined;

/** An entry `leanSidebar` cut that a page's window shows: appended to the category at `at` (indices). */
export type SidebarGraft = {at: number[]; item: PropSidebarItem};

/**
 * What `activePath`'s window shows that `leanSidebar` cut: in each category, the first entry leading to
 * the page when it is past the first `limit`; in order, each `at` as the lean sidebar has it once the
 * grafts before it are applied.
 */
export function sidebarGrafts(
  items: readonly PropSidebarItem[],
  activePath: string,
  limit = serverSidebarLimit,
): SidebarGraft[] {
  const grafts: SidebarGraft[] = [];
  const visit = (list: readonly PropSidebarItem[], at: number[], cut: boolean, allEntriesHref?: string) => {
    // As the window shows them; the graft goes where the window puts the entry: right after the cut.
    const shown = cut ? list.slice(0, limit) : [...list];
    if (cut) {
      const active = entryLeadingTo(list, activePath);
      if (active >= limit) {
        const [item] = leanSidebar([list[active]!], limit, allEntriesHref);
        grafts.push({at, item: item!});
        shown.push(list[active]!);
      }
    }
    for (const [index, item] of shown.entries())
      if (item.type === 'category' && leadsTo(item, activePath)) {
        const href = item.href ?? allEntriesHref;
        visit(item.items, [...at, index], isCut(item, limit, href), href);
      }
  };
  visit(items, [], false);
  return grafts;
}

/** The lean sidebar with a page's grafts applied (a copy along each graft's path; the rest shared). */
export function withGrafts(items: readonly PropSidebarItem[], grafts: readonly SidebarGraft[]): PropSidebarItem[] {
  let result = [...items];
  for (const {at, item} of grafts) {
    const graft = (list: PropSidebarItem[], depth: number): PropSidebarItem[] => {
      if (depth === at.length) return [...list, item];
      const copy = [...list];
      const category = copy[at[depth]!] as PropSidebarItemCategory;
      copy[at[depth]!] = {...category, items: graft(category.items, depth + 1)};
      return copy;
    };
    result = graft(result, 0);
  }
  return result;
}
