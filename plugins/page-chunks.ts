import type {Plugin} from '@docusaurus/types';

import {isTrickOn} from './speed-switches';

/**
 * Modules shared by pages' chunks, split by who shares them instead of by how many. Docusaurus moves
 * a module that half of the route chunks use, or more, into one `common` chunk, which a page loads
 * whole as soon as it needs one module of it. Once operation pages are most of the site, everything
 * they share is "common": at 100 operations the home page loaded 70 KB (gzip) of the OpenAPI theme in
 * it, 224 KB of JavaScript in all instead of 147 at 15 operations (bench/README.md, Scale). Without it,
 * webpack's own default group splits what two chunks or more share into chunks by the set of chunks
 * sharing it, so a page loads what its own chunks share and an operation page's chunk holds no copy of
 * the theme. `SPEED_OFF=shared-chunks` keeps Docusaurus' group.
 */
export default function pageChunksPlugin(): Plugin {
  return {
    name: 'page-chunks',
    configureWebpack(_config, isServer) {
      if (isServer || !isTrickOn('shared-chunks')) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              common: false,
              // webpack's `default` group, which Docusaurus turns off in favour of `common`.
              default: {minChunks: 2, priority: -20, reuseExistingChunk: true},
            },
          },
        },
      };
    },
  };
}
