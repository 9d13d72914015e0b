// Bounds the entries of a long sidebar category (src/sidebar-window.ts: a large API would otherwise put its whole sidebar into every page and its browser bundle).
import {createContext, useContext, useMemo, type ReactNode} from 'react';
import DocSidebarItemCategory from '@theme-original/DocSidebarItem/Category';
import type {Props} from '@theme/DocSidebarItem/Category';

import {windowedCategory} from '@site/src/sidebar-window';

// The page of the nearest category above that has one: where a category without a page of its own
// sends the reader for the entries it leaves out.
const NearestCategoryHref = createContext<string | undefined>(undefined);

export default function DocSidebarItemCategoryWrapper(props: Props): ReactNode {
  const inherited = useContext(NearestCategoryHref);
  const href = props.item.href ?? inherited;
  const item = useMemo(
    () => windowedCategory(props.item, props.activePath, href),
    [props.item, props.activePath, href],
  );
  return (
    <NearestCategoryHref.Provider value={href}>
      <DocSidebarItemCategory {...props} item={item} />
    </NearestCategoryHref.Provider>
  );
}
