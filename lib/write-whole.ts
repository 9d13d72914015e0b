/**
 * Writes a file whole or not at all: to a name of its own first, then renamed into place, so that a
 * process that exits mid-write (a build stopped, a worker still drawing ahead) leaves no half file
 * that a later build would take for a cached one. Each write has a name of its own, even two writes of
 * one file at once in one thread (two pages with one route, and so one cache key): with a shared name
 * the second rename found the first had taken its file (ENOENT), and the build crashed.
 */
import {rename, writeFile} from 'node:fs/promises';
import {threadId} from 'node:worker_threads';

let writes = 0;

export async function writeWhole(file: string, data: Buffer): Promise<void> {
  writes += 1;
  const partial = `${file}.${process.pid}.${threadId}.${writes}.partial`;
  await writeFile(partial, data);
  await rename(partial, file);
}
