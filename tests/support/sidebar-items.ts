/** Sidebar items as the docs theme hands them to components, for tests of code that reads sidebars. */
import type {PropSidebarItem, PropSidebarItemCategory} from '@docusaurus/plugin-content-docs';

/** A collapsed category of `items`, with a page of its own when `href` is given. */
export const category = (label: string, items: PropSidebarItem[], href?: string): PropSidebarItemCategory => ({
  type: 'category',
  label,
  items,
  collapsed: true,
  collapsible: true,
  ...(href ? {href} : {}),
});
