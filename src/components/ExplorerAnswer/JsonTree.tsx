/**
 * A JSON answer as a tree: each object and array folds (a `<details>`, so a keyboard opens and closes
 * it with Enter or Space and a screen reader says whether it is open). The first three levels start
 * open; a folded node's children are made only when it is first opened, so a large answer stays fast.
 */
import {useState, type ReactNode} from 'react';

import styles from './styles.module.css';

type Props = {value: unknown; name?: string | number; depth?: number; last?: boolean};

/** How many levels start open. */
const openLevels = 3;

function Name({name}: {name?: string | number}): ReactNode {
  if (name === undefined || typeof name === 'number') return null;
  return <span className={styles.jsonKey}>{JSON.stringify(name)}: </span>;
}

/** The colour of a value, by its JSON type. */
function leafStyle(value: unknown): string | undefined {
  if (value === null) return styles.jsonNull;
  if (typeof value === 'string') return styles.jsonString;
  return typeof value === 'number' ? styles.jsonNumber : styles.jsonBoolean;
}

function JsonNode({value, name, depth = 0, last = true}: Props): ReactNode {
  const [open, setOpen] = useState(depth < openLevels);
  const comma = last ? '' : ',';
  if (value === null || typeof value !== 'object')
    return (
      <div className={styles.jsonLeaf}>
        <Name name={name} />
        <span className={leafStyle(value)}>{JSON.stringify(value)}</span>
        {comma}
      </div>
    );
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  const [start, end] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0)
    return (
      <div className={styles.jsonLeaf}>
        <Name name={name} />
        {start}
        {end}
        {comma}
      </div>
    );
  const count = Array.isArray(value)
    ? `${entries.length} item${entries.length === 1 ? '' : 's'}`
    : `${entries.length} key${entries.length === 1 ? '' : 's'}`;
  return (
    <details className={styles.jsonNode} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <Name name={name} />
        {start}
        {!open && (
          <span className={styles.jsonCount}>
            {' '}
            {count} {end}
            {comma}
          </span>
        )}
      </summary>
      {open && (
        <>
          <div className={styles.jsonChildren}>
            {entries.map(([key, item], index) => (
              <JsonNode key={key} name={key} value={item} depth={depth + 1} last={index === entries.length - 1} />
            ))}
          </div>
          <div>
            {end}
            {comma}
          </div>
        </>
      )}
    </details>
  );
}

export default function JsonTree({value}: {value: unknown}): ReactNode {
  return (
    <div className={styles.json} role="group" aria-label="JSON answer">
      <JsonNode value={value} />
    </div>
  );
}
