/**
 * `npm run build` starts Docusaurus while gen-api-docs still runs (scripts/build.ts `--generate`):
 * Docusaurus loads its modules, the site's config and every plugin, which need nothing generated (a
 * few seconds), while the reference pages are generated beside it. This plugin, made with the
 * others, holds the site's loading until scripts/build.ts writes on Docusaurus' standard input that
 * generation has finished; the docs, sidebars and generated pages are read only after that. Should
 * generation fail, scripts/build.ts stops Docusaurus instead. Without `awaitGenerationEnv` set (every
 * other build, the dev server) it does nothing.
 * Docusaurus makes the plugins side by side, so the gate holds the loading of content, not the making
 * of the other plugins: a plugin that reads generated files when it is made awaits `generationFinished`.
 */
import type {Plugin} from '@docusaurus/types';

import {awaitGenerationEnv, generationDone} from '../lib/generation-gate';

let gate: Promise<void> | undefined;

/** Waits for scripts/build.ts to say generation is done, once per process; says how long it waited. */
function openedGate(): Promise<void> {
  gate ??= (async () => {
    const started = performance.now();
    try {
      await generationDone(process.stdin);
    } finally {
      // Nothing more comes on it, and an open standard input would keep the process alive.
      process.stdin.destroy();
    }
    console.log(
      `[generation gate] the site waited ${((performance.now() - started) / 1000).toFixed(1)} s for gen-api-docs, its modules and plugins loaded`,
    );
  })();
  return gate;
}

/** Resolves once the reference pages are generated: at once, unless this Docusaurus waits for them. */
export function generationFinished(): Promise<void> {
  return process.env[awaitGenerationEnv] === 'true' ? openedGate() : Promise.resolve();
}

export default async function generationGatePlugin(): Promise<Plugin> {
  await generationFinished();
  return {name: 'generation-gate'};
}
