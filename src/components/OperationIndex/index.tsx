import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import {useCurrentSidebarCategory} from '@docusaurus/plugin-content-docs/client';
import DocCardList from '@theme/DocCardList';

import {shippedOperationIndex} from '@site/speed/shims/lean-version';

import {operationCardsOf, operationIndex, type IndexEntry} from './entries';
import styles from './styles.module.css';

function IndexLine({label, href, operations, method}: IndexEntry): ReactNode {
  return (
    <li className={styles.line}>
      {method && <span className={`badge badge--secondary ${styles.method}`}>{method.toUpperCase()}</span>}
      <Link to={href}>{label}</Link>
      {operations !== undefined && (
        <span className={styles.count}>
          {operations} {operations === 1 ? 'operation' : 'operations'}
        </span>
      )}
    </li>
  );
}

/**
 * The operations of the reference whose landing page renders this: a card each, or, for an API too
 * large for that (past its entry's `operationCards`), a line per tag group (or per operation when it
 * has no groups): entries.ts.
 */
export default function OperationIndex(): ReactNode {
  const category = useCurrentSidebarCategory();
  const {pathname} = useLocation();
  // A long API's lines may come with its route shard (the browser then holds its category cut short).
  const shipped = shippedOperationIndex(pathname);
  const index = shipped ? {lines: shipped} : operationIndex(category.items, operationCardsOf(category));
  if ('cards' in index) return <DocCardList items={index.cards} />;
  return (
    <ul className={styles.lines}>
      {index.lines.map((line) => (
        <IndexLine key={line.href + line.label} {...line} />
      ))}
    </ul>
  );
}
