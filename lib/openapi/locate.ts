/**
 * The line and column of a value in a description file, for errors that name a place by its JSON path:
 * read again with positions only when such an error is said (the loader itself parses without them,
 * several times faster). The `yaml` package reads JSON too (JSON is YAML).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {isCollection, isPair, isScalar, LineCounter, parseDocument, type Node} from 'yaml';

import type {JsonPath} from './structure';
import {swagger2Place} from './swagger2';

/** Where a value of `file` starts (1-based), or undefined when the file or the path cannot be read. */
export function locate(file: string, at: JsonPath): {line: number; column: number} | undefined {
  let text: string;
  try {
    text = readFileSync(path.resolve(file), 'utf8');
  } catch {
    return undefined;
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, {lineCounter, keepSourceTokens: false, uniqueKeys: false});
  // A Swagger 2.0 file is read converted: the place is looked for where 2.0 wrote it (./swagger2.ts).
  const swagger = document.get('swagger');
  if (typeof swagger === 'string' && swagger.startsWith('2.')) at = swagger2Place(at);
  let node: unknown = document.contents;
  let found: Node | undefined = document.contents ?? undefined;
  for (const key of at) {
    if (!isCollection(node)) return position(found);
    const item = node.items.find((entry, index) =>
      isPair(entry) ? String(isScalar(entry.key) ? entry.key.value : entry.key) === String(key) : index === Number(key),
    );
    if (item === undefined) return position(found);
    // A pair's place is its key's (where a reader looks for it); what is under it is its value.
    found = isPair(item) ? ((item.key as Node | null) ?? found) : (item as Node);
    node = isPair(item) ? item.value : item;
  }
  return position(found);

  function position(node: Node | undefined) {
    const offset = node?.range?.[0];
    if (offset === undefined) return undefined;
    const {line, col} = lineCounter.linePos(offset);
    return {line, column: col};
  }
}
