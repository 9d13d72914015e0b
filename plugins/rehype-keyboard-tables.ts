import type {Element, Root, RootContent} from 'hast';

/**
 * Rehype plugin for every docs instance: Markdown tables scroll sideways when they are wider than the
 * page (Infima gives them `overflow: auto`), and a region that scrolls must be reachable with the
 * keyboard (WCAG 2.1.1, axe's scrollable-region-focusable), so each table joins the tab order.
 */
export default function rehypeKeyboardTables() {
  return (tree: Root): void => {
    const visit = (node: Root | RootContent): void => {
      if (node.type === 'element' && (node as Element).tagName === 'table') (node as Element).properties.tabIndex = 0;
      if ('children' in node) node.children.forEach(visit);
    };
    visit(tree);
  };
}
