/**
 * Brotli's best quality for the large assets (hosting/precompress.ts) starts as soon as they are
 * final, in a worker thread, while Docusaurus renders the pages and runs the post-build steps: the
 * hosting step at the end of `npm run build` then finds their `.br` in its cache. It was that step's
 * longest part (most of it a few large chunks, each on one core, seconds even at 15 operations) and
 * ran with nothing beside it (bench/README.md, "Speed tricks"). The cache is keyed by content, so the `.br` files are
 * the same either way; `SPEED_OFF=early-precompress` measures it.
 * One Docusaurus process: the worker starts when the browser bundle is written. Two (scripts/build.ts):
 * the bundling process exits as soon as it has bundled, so the rendering process starts the worker as
 * the site's plugins are made, from the assets the first one wrote.
 */
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

import {runInWorker} from './in-worker';
import {isTrickOn} from './speed-switches';

const precompressModule = path.resolve(__dirname, '../hosting/precompress.ts');

export default function earlyPrecompressPlugin(context: LoadContext): Plugin {
  const on =
    process.env.NODE_ENV === 'production' &&
    process.env.DOCUSAURUS_EXIT_AFTER_BUNDLING !== 'true' &&
    isTrickOn('early-precompress');
  let compressing: Promise<unknown> | undefined;
  const start = () => {
    // A failure here is met again, and reported, by the hosting step's own precompression.
    compressing ??= runInWorker(precompressModule, 'cacheBestQualityAssets', context.outDir).catch(() => undefined);
  };
  // The rendering process of two: the assets are on disk already, and loading the site leaves a core free.
  if (on && process.env.DOCUSAURUS_SKIP_BUNDLING === 'true') start();
  return {
    name: 'early-precompress',
    configureWebpack(_config, isServer) {
      if (!on || isServer) return {};
      return {
        plugins: [
          {
            apply(compiler: {hooks: {done: {tap(name: string, hook: (stats: {hasErrors(): boolean}) => void): void}}}) {
              compiler.hooks.done.tap('early-precompress', (stats) => {
                if (!stats.hasErrors()) start();
              });
            },
          },
        ],
      };
    },
    async postBuild() {
      // Docusaurus' process ends after the post-build steps: the cache must be whole by then.
      await compressing;
    },
  };
}
