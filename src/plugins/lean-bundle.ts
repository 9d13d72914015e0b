import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

const shim = (name: string) => path.resolve(__dirname, '../shims', name);
/** A module of @docusaurus/core's client, as its siblings import it (an absolute path, no extension). */
const coreClientModule = (name: string) => path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib/client', name);

/**
 * Module replacements for the site's bundles (see each shim's header). In both builds, so the
 * server-rendered HTML matches what the browser renders:
 * - Docusaurus' "hydration is done" update runs as a transition, so the re-render it starts is
 *   sliced into short tasks;
 * - prism-react-renderer comes with only the Prism languages the site uses;
 * - the generator of "Example (auto)" response samples is left out: our descriptions carry examples.
 * In the browser only: all of crypto-js for one SHA1 call, and pako for an ungzip that uncompressed
 * reference pages never need.
 */
export function bundleAliases(isServer: boolean): Record<string, string> {
  const bothBuilds = {
    [`${coreClientModule('browserContext')}$`]: shim('browser-context-transition.tsx'),
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
