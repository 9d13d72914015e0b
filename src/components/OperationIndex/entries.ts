import type {PropSidebarItem, PropSidebarItemCategory} from '@docusaurus/plugin-content-docs';

/**
 * Above this many operations, a reference landing page lists its tag groups, not a card per
 * operation: a card weighs about 740 bytes of HTML, so Microsoft Graph's 11,422 made an 8.6 MB page
 * (issue 58 asks for no page file over 500 KB). The Markdown twin follows the same rule
 * (lib/openapi/markdown.ts).
 */
export const maxOperationCards = 300;

/**
 * The custom prop of an API's sidebar category (lib/api-sidebar.ts) holding its landing page's limit
 * (its entry's `operationCards`, else `maxOperationCards`): it marks the category as one whose page
 * lists its operations, for the page and for speed/route-shards.ts.
 */
export const operationCardsProp = 'operationCards';

/** The limit a category's landing page lists cards up to, when the category is an API's. */
export function operationCardsOf(category: Pick<PropSidebarItemCategory, 'customProps'>): number | undefined {
  const cards = category.customProps?.[operationCardsProp];
  return typeof cards === 'number' ? cards : undefined;
}

/** One line of a long API's index: a tag group (its first page, its size) or, untagged, one operation. */
export type IndexEntry = {label: string; href: string; operations?: number; method?: string};

/** Every page under a sidebar item, with tag groups flattened; nested APIs keep their own card too. */
export function operationsOf(items: readonly PropSidebarItem[]): PropSidebarItem[] {
  return items.flatMap((item) => {
    if (item.type !== 'category') return [item];
    // A category that is an API of its own (it links to its reference page) stays as one card, and
    // its operations follow; a plain tag group is replaced by its operations.
    return item.href ? [item, ...operationsOf(item.items)] : operationsOf(item.items);
  });
}

/** The first page a sidebar item leads to, depth first (a tag group has no page of its own). */
function firstHref(item: PropSidebarItem): string | undefined {
  if (item.type === 'link') return item.href;
  if (item.type !== 'category') return undefined;
  return item.href ?? item.items.map(firstHref).find(Boolean);
}

/** The HTTP method of an operation's sidebar entry (the plugin's class `api-method get`). */
const methodOf = (item: PropSidebarItem) => /\bapi-method (\w+)/.exec(item.className ?? '')?.[1];

/** An operation's entry, or a nested API's (a category with a page of its own): not HTML. */
const isOperation = (item: PropSidebarItem): item is Exclude<PropSidebarItem, {type: 'html'}> =>
  item.type === 'link' || (item.type === 'category' && !!item.href);

/**
 * What a landing page's "Operations" section shows for its API's sidebar items: a card per operation
 * up to `maxOperationCards`; above, a line per tag group (its label, how many operations it holds,
 * a link to its first), or, when the API has a single group or none (every operation untagged),
 * a line per operation.
 */
export function operationIndex(
  items: readonly PropSidebarItem[],
  maxCards = maxOperationCards,
): {cards: PropSidebarItem[]} | {lines: IndexEntry[]} {
  const operations = operationsOf(items);
  if (operations.length <= maxCards) return {cards: operations};
  const groups = items.filter((item) => item.type === 'category' && !item.href);
  if (groups.length < 2)
    return {
      lines: operations
        .filter(isOperation)
        .map((item) => ({label: item.label, href: firstHref(item) ?? '', method: methodOf(item)})),
    };
  return {
    lines: items.flatMap((item): IndexEntry[] => {
      const href = firstHref(item);
      if (!href || item.type === 'html') return [];
      if (item.type === 'link') return [{label: item.label, href, method: methodOf(item)}];
      return [{label: item.label, href, operations: operationsOf(item.items).filter(isOperation).length}];
    }),
  };
}
