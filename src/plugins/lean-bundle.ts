import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

const shim = (name: string) => path.resolve(__dirname, '../shims', name);

/**
 * Module replacements for the site's bundles (see each shim's header). In both builds, so the
 * server-rendered HTML matches what the browser renders:
 * - prism-react-renderer comes with only the Prism languages the site uses;
 * - the generator of "Example (auto)" response samples is left out: our descriptions carry examples.
 * In the browser only: all of crypto-js for one SHA1 call, and pako for an ungzip that uncompressed
 * reference pages never need.
 */
export function bundleAliases(isServer: boolean): Record<string, string> {
  const bothBuilds = {
    'prism-react-renderer$': shim('lean-prism-react-renderer.tsx'),
    'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample$': shim('no-auto-response-example.ts'),
  };
  const browserOnly = {
    'crypto-js$': shim('crypto-js-sha1.ts'),
    pako$: shim('pako-ungzip-unused.ts'),
  };
  return isServer ? bothBuilds : {...bothBuilds, ...browserOnly};
}

export default function leanBundlePlugin(): Plugin {
  return {
    name: 'lean-bundle',
    configureWebpack(_config, isServer) {
      return {resolve: {alias: bundleAliases(isServer)}};
    },
  };
}
