/**
 * How scripts/gen-api-docs.ts starts the plugin's generation (scripts/generate-reference-pages.ts) early
 * and tells it when to generate: a flag, and a line on the child's standard input. A module of its own,
 * so that gen-api-docs need not load the plugin to know them.
 */
import type {Readable} from 'node:stream';

import {firstLine} from './first-line';

/** The flag that makes generate-reference-pages.ts wait for `generateLine` before it generates. */
export const whenToldFlag = '--when-told';
export const generateLine = 'generate';

/** Whether `input` says `generateLine` before it ends. */
export function toldToGenerate(input: Readable): Promise<boolean> {
  return firstLine(input).then(
    (line) => line === generateLine,
    () => false,
  );
}
