/**
 * Stable anchors for the reference's parameters, schema fields and responses, so a reader can link
 * to one: `#request-path-model_id`, `#request-body-training_config-batch_size`, `#response-2xx`,
 * `#response-422-detail-msg`. Each id is its section followed by the names of the fields that lead
 * to it, so it stays the same from build to build and is unique on its page. The ids are in the
 * server-rendered HTML; once the page runs, a link to a field opens the tab and the collapsed
 * fields around it and scrolls it into view (useRevealHash).
 */
import {createContext, useContext, useEffect, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** The anchor of the section or field around a field: the prefix of the field's own anchor. */
const AnchorScope = createContext<string | undefined>(undefined);

/** Joins anchor parts; characters that an id or a URL fragment would mangle become `_`. */
export function anchorId(...parts: string[]): string {
  return parts
    .filter((part) => part !== '')
    .map((part) => part.replace(/[^A-Za-z0-9_.-]/g, '_'))
    .join('-');
}

export function useAnchorScope(): string | undefined {
  return useContext(AnchorScope);
}

export function AnchorScopeProvider({id, children}: {id: string | undefined; children: ReactNode}): ReactNode {
  return <AnchorScope.Provider value={id}>{children}</AnchorScope.Provider>;
}

type FieldAnchorProps = {id: string; label: string; as?: 'div' | 'li'; children: ReactNode};

/** A field with its anchor: the id, a link to it shown on hover or focus, and the scope of its sub-fields. */
export function FieldAnchor({id, label, as: Tag = 'div', children}: FieldAnchorProps): ReactNode {
  return (
    <Tag id={id} className="openapi-anchor">
      <a className="openapi-anchor__link" href={`#${id}`} aria-label={`Link to ${label}`}>
        #
      </a>
      <AnchorScope.Provider value={id}>{children}</AnchorScope.Provider>
    </Tag>
  );
}

/**
 * The schemas shown around a field, by title, each to the anchor where its fields are listed: a
 * schema that contains itself is shown once, and where it comes again the theme writes only
 * `circular(Title)`; RepeatLink links that to where the schema is shown (the nearest one).
 */
const ShownSchemas = createContext<ReadonlyMap<string, string>>(new Map());

/**
 * The titles a field's schema is shown under: its own, its items' when it is an array, and its
 * alternatives' (`anyOf: [Span, null]`: its fields are shown in the field's tab of that alternative).
 */
function titlesOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const {title, items, anyOf, oneOf, allOf} = schema as Record<string, unknown>;
  const within = [items, ...[anyOf, oneOf, allOf].flatMap((members) => (Array.isArray(members) ? members : []))];
  return [...(typeof title === 'string' && title !== '' ? [title] : []), ...within.flatMap(titlesOf)];
}

/** Records that `schema` is shown at the anchor `id`, for the fields within it. */
export function ShownSchema({
  schema,
  id,
  children,
}: {
  schema: unknown;
  id: string | undefined;
  children: ReactNode;
}): ReactNode {
  const shown = useContext(ShownSchemas);
  const titles = id === undefined ? [] : titlesOf(schema);
  if (titles.length === 0) return children;
  const within = new Map(shown);
  for (const title of titles) within.set(title, id!);
  return <ShownSchemas.Provider value={within}>{children}</ShownSchemas.Provider>;
}

/** The title in the theme's `circular(Title)` marker, if `value` is one. */
export function repeatedTitle(value: unknown): string | undefined {
  return typeof value === 'string' ? /^circular\((.*)\)$/.exec(value)?.[1] : undefined;
}

/** A link from a schema that comes again to where its fields are shown, above it on the page. */
export function RepeatLink({title}: {title: string}): ReactNode {
  const target = useContext(ShownSchemas).get(title);
  if (target === undefined) return null;
  return (
    <a className="openapi-schema__repeats" href={`#${target}`}>
      {title} contains itself: its fields are shown above
    </a>
  );
}

/** Makes `target` visible: selects the tabs and opens the <details> around it, outermost first. */
function reveal(target: HTMLElement): void {
  const closed: HTMLElement[] = [];
  for (let element: HTMLElement | null = target; element; element = element.parentElement) {
    // Docusaurus' <details> is collapsed by its own state: the browser may have set `open` already
    // (it opens <details> around a fragment's target) while the content stays collapsed.
    const collapsed = element instanceof HTMLDetailsElement && (!element.open || element.dataset.collapsed === 'true');
    if (collapsed && element !== target) closed.unshift(element);
    if (element.getAttribute('role') === 'tabpanel' && element.hidden) closed.unshift(element);
    if (
      element === target &&
      element.getAttribute('role') === 'tab' &&
      element.getAttribute('aria-selected') !== 'true'
    ) {
      closed.unshift(element);
    }
  }
  for (const element of closed) {
    if (element instanceof HTMLDetailsElement) {
      element.querySelector<HTMLElement>(':scope > summary')?.click();
    } else if (element.getAttribute('role') === 'tab') {
      element.click();
    } else {
      // A hidden tab panel: its tab has the same position in the tab list of the same tab set.
      const panels = Array.from(element.parentElement?.children ?? []).filter(
        (node) => node.getAttribute('role') === 'tabpanel',
      );
      const tabs = element.parentElement?.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]');
      tabs?.[panels.indexOf(element)]?.click();
    }
  }
}

/**
 * On an operation page, follows the URL's fragment to a parameter, field or response: on load and on
 * every in-page link. Runs once the page is live (the response tabs remount then).
 */
export function useRevealHash(): void {
  const {hash} = useLocation();
  const isBrowser = useIsBrowser();
  useEffect(() => {
    if (!isBrowser || hash.length < 2) return undefined;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target?.closest('.openapi-left-panel__container')) return undefined;
    reveal(target);
    // <details> open with an animation: scroll once it has started and again once it has ended.
    const scroll = () => target.scrollIntoView({block: 'start'});
    const frame = requestAnimationFrame(scroll);
    const timer = setTimeout(scroll, 500);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hash, isBrowser]);
}
