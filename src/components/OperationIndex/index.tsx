import type {ReactNode} from 'react';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {useCurrentSidebarCategory} from '@docusaurus/plugin-content-docs/client';
import DocCardList from '@theme/DocCardList';

/** Every page under a sidebar item, with tag groups flattened; nested APIs keep their own card too. */
function operationsOf(items: readonly PropSidebarItem[]): PropSidebarItem[] {
  return items.flatMap((item) => {
    if (item.type !== 'category') return [item];
    // A category that is an API of its own (it links to its reference page) stays as one card, and
    // its operations follow; a plain tag group is replaced by its operations.
    return item.href ? [item, ...operationsOf(item.items)] : operationsOf(item.items);
  });
}

/** Cards linking to every operation of the reference whose landing page renders this. */
export default function OperationIndex(): ReactNode {
  const category = useCurrentSidebarCategory();
  return <DocCardList items={operationsOf(category.items)} />;
}
