import {existsSync} from 'node:fs';
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

const shim = (name: string) => path.resolve(__dirname, '../src/shims', name);
/**
 * A module of a package, as its siblings import it (an absolute path without extension). The package
 * is found from any file it exports: not every package exports its package.json or has a main entry.
 */
function packageModule(exportedFile: string, modulePath: string): string {
  let dir = path.dirname(require.resolve(exportedFile, {paths: [process.cwd()]}));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, modulePath);
}

/**
 * Module replacements for the site's bundles (see each shim's header). In both builds, so the
 * server-rendered HTML matches what the browser renders:
 * - Docusaurus' "hydration is done" update and its first window-size measurement run as
 *   transitions, so the re-renders they start are sliced into short tasks;
 * - prism-react-renderer comes with only the Prism languages the site uses;
 * - the generator of "Example (auto)" response samples is left out: our descriptions carry examples.
 * In the browser only: all of crypto-js for one SHA1 call, and pako for an ungzip that uncompressed
 * reference pages never need.
 */
export function bundleAliases(isServer: boolean): Record<string, string> {
  const bothBuilds = {
    [`${packageModule('@docusaurus/core/package.json', 'lib/client/browserContext')}$`]: shim(
      'browser-context-transition.tsx',
    ),
    [`${packageModule('@docusaurus/theme-common', 'lib/hooks/useWindowSize')}$`]: shim('window-size-transition.ts'),
    'prism-react-renderer$': shim('lean-prism-react-renderer.tsx'),
    'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample$': shim('no-auto-response-example.ts'),
  };
  const browserOnly = {
    'crypto-js$': shim('crypto-js-sha1.ts'),
    pako$: shim('pako-ungzip-unused.ts'),
  };
  return isServer ? bothBuilds : {...bothBuilds, ...browserOnly};
}

/**
 * The OpenAPI theme's modules whose `@docusaurus/BrowserOnly` is replaced by a component that renders
 * on the server too (src/shims/render-on-server.tsx): the parameters, request body and responses of
 * each reference page are then in its HTML. Elsewhere BrowserOnly keeps its meaning.
 */
export const serverRenderedReferenceModules = ['ParamsDetails', 'RequestSchema', 'ResponseSchema'].map((name) =>
  packageModule('docusaurus-theme-openapi-docs/package.json', `lib/theme/${name}/index.js`),
);

export default function leanBundlePlugin(): Plugin {
  return {
    name: 'lean-bundle',
    configureWebpack(_config, isServer) {
      return {
        resolve: {alias: bundleAliases(isServer)},
        module: {
          rules: [
            {
              include: serverRenderedReferenceModules,
              resolve: {alias: {'@docusaurus/BrowserOnly': shim('render-on-server.tsx')}},
            },
          ],
        },
      };
    },
  };
}
