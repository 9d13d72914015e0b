/**
 * The `shard-chunk-hashes` trick: the runtime chunk every page loads names only the chunks a page can
 * load without a route shard (speed/route-shards.ts). A chunk's file name carries its content hash, so
 * the bundler's runtime maps every chunk's id to its hash (`__webpack_require__.u`): one entry per
 * operation page, about 12 bytes gzipped each, 37.5 KB at Autotask's 3,000 operations and four times
 * that at Microsoft Graph's (bench/README.md, "Real descriptions"). This plugin moves the entries of the
 * chunks reached only through a shard into that shard's file, which registers them as it runs: a
 * shard loads before any of its routes' chunks (speed/shims/load-route-shards.ts). It edits the
 * assets before they are minified and before the bundler sets each file's name from its final content
 * (`optimization.realContentHash`), which then puts the final hashes in both maps, as it does in the
 * runtime's. `SPEED_OFF=shard-chunk-hashes` turns it off; it is part of route shards, off with them.
 */
import type {Chunk, ChunkGroup, Compilation, Compiler} from 'webpack';

/** Where a shard puts the hashes it brings; the runtime reads what its own map lacks from here. */
export const shardHashesGlobal = '__routeShardChunkHashes';

/**
 * The map in the runtime's `__webpack_require__.u` as the bundler writes it before minifying:
 * `{"<chunk id>": "<hash>",…}[chunkId]`.
 */
const chunkHashMap = /\{((?:"(?:[^"\\]|\\.)*": "[0-9a-f]+",)*)\}\[chunkId\]/;
const chunkHashEntry = /"((?:[^"\\]|\\.)*)": "([0-9a-f]+)",/g;
const filenameFunction = '__webpack_require__.u = ';

/** The chunk groups reachable from `starts` through dynamic imports, `stop` ones not followed further. */
function reachable(starts: Iterable<ChunkGroup>, stop: (group: ChunkGroup) => boolean): Set<ChunkGroup> {
  const seen = new Set<ChunkGroup>();
  const queue = [...starts];
  while (queue.length > 0) {
    const group = queue.pop()!;
    if (seen.has(group)) continue;
    seen.add(group);
    if (!stop(group)) queue.push(...group.childrenIterable);
  }
  return seen;
}

const idOf = (chunk: Chunk) => String(chunk.id);

/**
 * For each shard chunk, the ids of the chunks loaded only through it (through its routes' loaders and
 * what they load in turn): every chunk a page can reach without a shard stays in the runtime.
 */
export function shardOnlyChunks(compilation: Compilation, shardNames: ReadonlySet<string>): Map<Chunk, Set<string>> {
  const shardOf = (group: ChunkGroup) => group.chunks.find((chunk) => shardNames.has(chunk.name ?? ''));
  const withoutShards = new Set<string>();
  for (const group of reachable(compilation.entrypoints.values(), (candidate) => shardOf(candidate) !== undefined))
    for (const chunk of group.chunks) withoutShards.add(idOf(chunk));
  const result = new Map<Chunk, Set<string>>();
  for (const group of compilation.chunkGroups) {
    const shard = shardOf(group);
    if (!shard) continue;
    const ids = new Set<string>();
    for (const child of reachable(group.childrenIterable, () => false))
      for (const chunk of child.chunks) if (!withoutShards.has(idOf(chunk))) ids.add(idOf(chunk));
    result.set(shard, ids);
  }
  return result;
}

/** The runtime's source with the entries of `moved` taken out of its map, and the map it had. */
export function withoutMovedHashes(
  runtime: string,
  moved: ReadonlySet<string>,
  file: string,
): {source: string; hashes: Map<string, string>} {
  const at = runtime.indexOf(filenameFunction);
  const match = at < 0 ? null : chunkHashMap.exec(runtime.slice(at));
  if (!match)
    throw new Error(
      `speed/shard-chunk-hashes.ts: ${file}: no chunk hash map in __webpack_require__.u as the bundler wrote it; adapt the plugin or build with SPEED_OFF=shard-chunk-hashes`,
    );
  const hashes = new Map<string, string>();
  for (const [, id, hash] of match[1]!.matchAll(chunkHashEntry)) hashes.set(JSON.parse(`"${id}"`) as string, hash!);
  const kept = Object.fromEntries([...hashes].filter(([id]) => !moved.has(id)));
  const lookup = `(${JSON.stringify(kept)}[chunkId] || (self.${shardHashesGlobal} || {})[chunkId])`;
  const start = at + match.index;
  return {source: runtime.slice(0, start) + lookup + runtime.slice(start + match[0].length), hashes};
}

/** The statement a shard's file ends with: its chunks' hashes, registered as the file runs. */
export const registration = (hashes: Record<string, string>) =>
  `\n;Object.assign(self.${shardHashesGlobal} = self.${shardHashesGlobal} || {}, ${JSON.stringify(hashes)});`;

/** The webpack plugin; route-shards.ts adds it, with the names of the shard chunks it wrote. */
export class ShardChunkHashes {
  constructor(private readonly shardNames: ReadonlySet<string>) {}
  apply(compiler: Compiler) {
    const {Compilation: CompilationClass, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap('shard-chunk-hashes', (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: 'shard-chunk-hashes', stage: CompilationClass.PROCESS_ASSETS_STAGE_OPTIMIZE},
        () => {
          const shards = shardOnlyChunks(compilation, this.shardNames);
          if (shards.size === 0) return;
          const moved = new Set([...shards.values()].flatMap((ids) => [...ids]));
          const runtimes = [...compilation.chunks].filter((chunk) => chunk.hasRuntime());
          const hashes = new Map<string, string>();
          for (const chunk of runtimes)
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              const edited = withoutMovedHashes(compilation.getAsset(file)!.source.source().toString(), moved, file);
              for (const [id, hash] of edited.hashes) hashes.set(id, hash);
              compilation.updateAsset(file, new sources.RawSource(edited.source));
            }
          for (const [shard, ids] of shards) {
            const own = Object.fromEntries([...ids].sort().map((id) => [id, hashes.get(id)!]));
            const missing = [...ids].filter((id) => !hashes.has(id));
            if (missing.length > 0)
              throw new Error(`speed/shard-chunk-hashes.ts: the runtime has no hash for ${missing.join(', ')}`);
            const file = [...shard.files].find((name) => name.endsWith('.js'))!;
            compilation.updateAsset(file, (source) => new sources.ConcatSource(source, registration(own)));
          }
        },
      );
    });
  }
}
