/**
 * The server-rendered sidebar of a large API, bounded (issue "Scale"). Every page's HTML carries the
 * sidebar; a reference category with a thousand tag groups would put all of them into each of its
 * thousand pages, so the built site, and every step that reads it, would grow with the square of the
 * API. On the server (and during hydration, which must match it) a long category lists only its
 * first entries, the entry on the path to the current page, and a link to the category's own page,
 * which lists everything; once the app runs, the full list replaces it. Pure: no React, no Node.
 */
import type {PropSidebarItem, PropSidebarItemCategory, PropSidebarItemLink} from '@docusaurus/plugin-content-docs';

/** Entries a category lists in the server-rendered HTML before it is cut short. */
export const serverSidebarLimit = 25;

/** Class of the link that stands for the entries left out; the tests find it by this. */
export const sidebarWindowLinkClass = 'sidebar-window-all';

/** Does `item` lead to `activePath` (a link to it, or a category holding one)? */
function leadsTo(item: PropSidebarItem, activePath: string): boolean {
  if (item.type === 'link') return item.href === activePath;
  if (item.type === 'category')
    return item.href === activePath || item.items.some((child) => leadsTo(child, activePath));
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
  if (items.length <= limit || allEntriesHref === undefined) return category;
  const shown = items.slice(0, limit);
  const active = items.findIndex((item) => leadsTo(item, activePath));
  if (active >= limit) shown.push(items[active]!);
  const allEntries: PropSidebarItemLink = {
    type: 'link',
    label: `All ${items.length.toLocaleString('en')} in ${category.label}`,
    href: allEntriesHref,
    className: sidebarWindowLinkClass,
  };
  return {...category, items: [...shown, allEntries]};
}
