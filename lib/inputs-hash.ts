/**
 * A hash of files by path and content, for keys that say whether something made from them is still
 * current (generation's per description, the bundle cache's).
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

/** A hash of the path and content of every file of `entries` (files or folders under `dir`), in path order. */
export function inputsHash(dir: string, entries: readonly string[]): string {
  const files = entries
    .filter((entry) => existsSync(path.join(dir, entry)))
    .flatMap((entry) =>
      statSync(path.join(dir, entry)).isDirectory()
        ? readdirSync(path.join(dir, entry), {recursive: true, withFileTypes: true})
            .filter((found) => found.isFile())
            .map((found) => path.relative(dir, path.join(found.parentPath, found.name)))
        : [entry],
    )
    .sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  return hash.digest('hex');
}
