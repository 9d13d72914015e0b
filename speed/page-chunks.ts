import type {Plugin} from '@docusaurus/types';
import type {Compiler} from 'webpack';

import {isTrickOn} from './switches';

/**
 * The most a shared chunk holds, in bytes of its modules before minifying: the explorer's libraries
 * (postman-collection and friends), which an operation page loads once the reader opens the explorer,
 * were one chunk of 730 KB minified (1.6 MB before the `postman-extras` shims), the largest script of
 * the site at any size (issue 58: no page file over 500 KB). The bundler splits a larger chunk into
 * parts loaded side by side: on GitHub's site the largest is 210 KB.
 */
const sharedChunkMaxSize = 600_000;

/**
 * webpack's `default` group, which Docusaurus turns off in favour of `common`, and its vendors group
 * as webpack has it. The shared chunks keep the names the bundler gives them (their group and modules,
 * at most 100 characters): a name function is called by Rspack for every module and every set of
 * chunks sharing it, with those chunks as an array, which took 12 to 14 s of a 3,000-operation build
 * for 0.2 KB less runtime (bench/README.md, "Real descriptions").
 */
const sharedBySets = {
  cacheGroups: {
    common: false as const,
    default: {minChunks: 2, priority: -20, reuseExistingChunk: true, maxSize: sharedChunkMaxSize},
    defaultVendors: {
      test: /[\\/]node_modules[\\/]/,
      priority: -10,
      reuseExistingChunk: true,
      maxSize: sharedChunkMaxSize,
    },
  },
};

/**
 * Docusaurus' `__webpack_require__.gca` (ChunkAssetPlugin: a chunk's URL from its name, for
 * prefetching) without its map of every chunk's name to its id, which is the name itself once ids are
 * names. A name that is not a chunk gives a URL with "undefined" in it, which prefetching skips, as
 * upstream's does. Upstream pinned in tests/unit/bundle-shims.test.ts.
 */
class ChunkAssetByName {
  apply(compiler: Compiler) {
    const {RuntimeModule, RuntimeGlobals} = compiler.webpack;
    class GetChunkAsset extends RuntimeModule {
      constructor() {
        super('ChunkAssetRuntimeModule', RuntimeModule.STAGE_ATTACH);
      }
      override generate() {
        return `__webpack_require__.gca = function(name) { return ${RuntimeGlobals.publicPath} + ${RuntimeGlobals.getChunkScriptFilename}(name); };`;
      }
    }
    compiler.hooks.thisCompilation.tap('page-chunks', (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap('page-chunks', (chunk) => {
        compilation.addRuntimeModule(chunk, new GetChunkAsset());
      });
    });
  }
}

/**
 * Modules shared by pages' chunks, split by who shares them instead of by how many. Docusaurus moves
 * a module that half of the route chunks use, or more, into one `common` chunk, which a page loads
 * whole as soon as it needs one module of it. Once operation pages are most of the site, everything
 * they share is "common": from about 100 operations the home page loads tens of KB (gzip) of the OpenAPI
 * theme in it (bench/README.md, "What a reader's browser pays"). Without it,
 * webpack's own default group splits what two chunks or more share into chunks by the set of chunks
 * sharing it, so a page loads what its own chunks share and an operation page's chunk holds no copy of
 * the theme. `SPEED_OFF=shared-chunks` keeps Docusaurus' group.
 *
 * Chunk ids are chunk names (`named-chunk-ids`). With Rspack's default ids (numbers), the runtime chunk
 * that every page loads holds three maps of every chunk: id to name and id to content hash (for the
 * file's name), name to id (Docusaurus' prefetching). With the name as the id, the first is gone and the
 * third, which maps every name to itself, is left out (ChunkAssetByName).
 */
export default function pageChunksPlugin(): Plugin {
  return {
    name: 'page-chunks',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      const named = isTrickOn('named-chunk-ids');
      if (named) {
        const upstream = config.plugins?.findIndex((plugin) => plugin?.constructor.name === 'ChunkAssetPlugin') ?? -1;
        if (upstream < 0)
          throw new Error(
            "speed/page-chunks.ts: Docusaurus' ChunkAssetPlugin is no longer in the client's configuration",
          );
        config.plugins!.splice(upstream, 1, new ChunkAssetByName());
      }
      return {
        optimization: {
          ...(named ? {chunkIds: 'named' as const} : {}),
          ...(isTrickOn('shared-chunks') ? {splitChunks: sharedBySets} : {}),
        },
      };
    },
  };
}
