// Puts the page actions (copy the page as Markdown, open it in an assistant, MCP config: src/components/PageActions) in one row with the breadcrumbs, right above the title of every docs, category and reference page.
import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';

import PageActions from '@site/src/components/PageActions';
import styles from './styles.module.css';

export default function DocBreadcrumbsWrapper(): ReactNode {
  const {pathname} = useLocation();
  return (
    <div className={styles.row}>
      <DocBreadcrumbs />
      {/* A new menu, closed, on each page. */}
      <PageActions key={pathname} />
    </div>
  );
}
