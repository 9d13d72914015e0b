// Wraps @docusaurus/core's client/docusaurus.js (window.docusaurus; speed/lean-bundle.ts, the
// `route-shards` trick). prefetch(path), asked by a link in view, needs the path's route from the
// table; while its shard (load-route-shards.ts) has not loaded, the shard's file is prefetched instead
// of run (running it would add the shard's script to the page's first load), and the route's own
// chunks are fetched when the link is hovered or followed, which loads the shard. Nothing is
// prefetched on a slow or data-saving connection, as upstream. preload goes through the wrapped
// client/preload.js, which loads the shard first.
// The real module: the bundler's alias (speed/lean-bundle.ts) skips this file.
import docusaurus from '@docusaurus/core/lib/client/docusaurus';
import prefetchFile from '@docusaurus/core/lib/client/prefetch';

import {missingRouteShards} from './load-route-shards';

declare const __webpack_require__: {gca: (chunkName: string) => string};

// As upstream's isSlowConnection.
const isSlowConnection = () =>
  Boolean(navigator.connection?.effectiveType.includes('2g') || navigator.connection?.saveData);

function prefetch(routePath: string): false | Promise<unknown> {
  const missing = missingRouteShards(routePath);
  if (missing.length === 0) return docusaurus.prefetch(routePath);
  if (isSlowConnection()) return false;
  return Promise.all(missing.map((chunkName) => prefetchFile(__webpack_require__.gca(chunkName))));
}

export default Object.freeze({prefetch, preload: docusaurus.preload});
