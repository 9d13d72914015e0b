import {createHash} from 'node:crypto';

import type {Plugin} from '@docusaurus/types';
import type {Compiler} from 'webpack';

import {isTrickOn} from './switches';

/** A shared chunk's name from its group and the chunks sharing it: 8 hex digits, like a route chunk's. */
function shortSharedName(_module: unknown, chunks: {name?: string | null}[], group: string): string | undefined {
  const names = chunks.map((chunk) => chunk.name);
  // Shared with a lazy chunk that has no name (a few of the theme's): left to the bundler.
  if (names.some((name) => !name)) return undefined;
  return createHash('sha256')
    .update([group, ...names.sort()].join('\n'))
    .digest('hex')
    .slice(0, 8);
}

/**
 * webpack's `default` group, which Docusaurus turns off in favour of `common`, and its vendors group
 * as webpack has it; named by `shortSharedName` when `named` (the `named-chunk-ids` trick).
 */
const sharedBySets = (named: boolean) => {
  const name = named ? {name: shortSharedName} : {};
  return {
    cacheGroups: {
      common: false as const,
      default: {minChunks: 2, priority: -20, reuseExistingChunk: true, ...name},
      defaultVendors: {test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true, ...name},
    },
  };
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
 * third, which maps every name to itself, is left out (ChunkAssetByName); the shared chunks are named
 * by a short hash, as the route chunks are, instead of by their modules ("vendors-node_modules_…").
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
          ...(isTrickOn('shared-chunks') ? {splitChunks: sharedBySets(named)} : {}),
        },
      };
    },
  };
}
