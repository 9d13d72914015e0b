import type {ReactNode} from 'react';

import {excerptParts} from '../search/engine';

/** Pagefind's excerpt with its matches marked, rendered as text: no HTML from the index reaches the page. */
export function Excerpt({excerpt, className}: {excerpt: string; className?: string}): ReactNode {
  return (
    <span className={className}>
      {excerptParts(excerpt).map(({text, marked}, index) => (marked ? <mark key={index}>{text}</mark> : text))}
    </span>
  );
}
