import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

const shim = (name: string) => path.resolve(__dirname, '../shims', name);

/**
 * Keeps the API reference's bundle from shipping code the pages do not need (see each shim's header):
 * all of crypto-js for one SHA1 call, pako for an ungzip that uncompressed pages never need, and the generator of
 * "Example (auto)" response samples, which our descriptions make redundant. The last one applies to
 * the server build too, so the server-rendered HTML matches what the browser renders.
 */
export default function leanApiBundlePlugin(): Plugin {
  return {
    name: 'lean-api-bundle',
    configureWebpack(_config, isServer) {
      const bothBuilds = {
        'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample$': shim('no-auto-response-example.ts'),
      };
      const browserOnly = {
        'crypto-js$': shim('crypto-js-sha1.ts'),
        pako$: shim('pako-ungzip-unused.ts'),
      };
      return {resolve: {alias: isServer ? bothBuilds : {...bothBuilds, ...browserOnly}}};
    },
  };
}
