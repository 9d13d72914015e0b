// Where a path's route is among the shards of the route table (speed/route-shards.ts writes them,
// load-route-shards.ts loads them): shards hold consecutive path keys; each is known by its first.

/** The key a path is sorted and looked up by, as react-router matches it: any case, trailing slash or not. */
export const routeKey = (path: string): string => path.toLowerCase().replace(/\/+$/, '');

/** The last shard whose first key is at most `key` (a key before every shard's falls to the first). */
export function shardAt(starts: readonly string[], key: string): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]! <= key) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** A pathname as decodeURI gives it, or as it is when it is not valid percent-encoding. */
export function safeDecodeURI(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}
