/**
 * How scripts/gen-api-docs.ts starts the plugin's generation (scripts/generate-reference-pages.ts) early
 * and tells it when to generate: a flag, and a line on the child's standard input. A module of its own,
 * so that gen-api-docs need not load the plugin to know them.
 */
import type {Readable} from 'node:stream';

import {firstLine} from './first-line';

/** The flag that makes generate-reference-pages.ts wait for `generateLine` before it generates. */
export const whenToldFlag = '--when-told';

/**
 * What gen-api-docs tells, by description id, once it has written the copies: the copy to generate
 * from instead of the plugin's whole copy (one with only the operations an edit changed), or null to
 * generate none of that description's pages. An id not named is generated from its whole copy.
 */
export type Told = Record<string, string | null>;

const generateWord = 'generate';

/** The line that tells the generation to go ahead. */
export const generateLine = (told: Told = {}) =>
  Object.keys(told).length === 0 ? generateWord : `${generateWord} ${JSON.stringify(told)}`;

/** What `input` tells in a `generateLine` before it ends; undefined when it ends first or says something else. */
export function toldToGenerate(input: Readable): Promise<Told | undefined> {
  return firstLine(input).then(
    (line) => {
      if (line === generateWord) return {};
      if (!line?.startsWith(`${generateWord} {`)) return undefined;
      try {
        return JSON.parse(line.slice(generateWord.length + 1)) as Told;
      } catch {
        return undefined;
      }
    },
    () => undefined,
  );
}
