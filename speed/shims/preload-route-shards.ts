// Wraps @docusaurus/core's client/preload.js (speed/lean-bundle.ts, the `route-shards` trick): the
// shards of the route table a path needs (load-route-shards.ts) are loaded before Docusaurus matches
// the path and loads its route's chunks. Every preload goes through here: the first render, a
// navigation (PendingNavigation, which reloads the page when this fails, as for any chunk), a link
// hovered (window.docusaurus.preload).
// The real module: the bundler's alias (speed/lean-bundle.ts) skips this file.
import preload from '@docusaurus/core/lib/client/preload';

import {loadRouteShards} from './load-route-shards';

export default function preloadWithShards(pathname: string): Promise<unknown> {
  return loadRouteShards(pathname).then(() => preload(pathname));
}
