/**
 * Writes a file whole or not at all: to a name of its own first, then renamed into place, so that a
 * process that exits mid-write (a build stopped, a worker still drawing ahead) leaves no half file
 * that a later build would take for a cached one.
 */
import {rename, writeFile} from 'node:fs/promises';
import {threadId} from 'node:worker_threads';

export async function writeWhole(file: string, data: Buffer): Promise<void> {
  const partial = `${file}.${process.pid}.${threadId}.partial`;
  await writeFile(partial, data);
  await rename(partial, file);
}
