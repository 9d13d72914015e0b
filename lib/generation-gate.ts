/**
 * How scripts/build.ts tells a Docusaurus process started beside gen-api-docs that generation is done
 * (plugins/generation-gate.ts holds the site's loading until then): a variable in its environment, and a
 * line on its standard input. A module of its own, so that the build's processes (lib/build-processes.ts)
 * and the plugin share them.
 */
import type {Readable} from 'node:stream';

import {firstLine} from './first-line';

/** Set to `true` in the environment of a Docusaurus process that must wait for generation. */
export const awaitGenerationEnv = 'ORCHARD_AWAIT_GENERATION';

/** What scripts/build.ts writes when generation has succeeded. */
export const generationDoneLine = 'generated';

/** Resolves when `input` says generation is done; rejects when it ends, or says anything else, first. */
export async function generationDone(input: Readable): Promise<void> {
  const line = await firstLine(input);
  if (line !== generationDoneLine)
    throw new Error(
      `plugins/generation-gate.ts: the reference pages were not generated (scripts/build.ts said ${JSON.stringify(line)})`,
    );
}
