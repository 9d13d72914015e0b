import path from 'node:path';

import type {Plugin} from '@docusaurus/types';
import type {Compiler, RuleSetRule} from 'webpack';

import {packageModule} from '../lib/package-module';
import {isTrickOn, type SpeedTrick} from './switches';

const shim = (name: string) => path.resolve(__dirname, 'shims', name);

/**
 * One module replacement: the bundler resolves `request` (exact match) to `shim`. `upstream` lists the
 * files the shim is written against (the module it stands for, and the caller where the shim relies on
 * how it is called): tests/unit/bundle-shims.test.ts pins their content.
 */
export type Replacement = {
  trick: SpeedTrick;
  request: string;
  shim: string;
  upstream: readonly string[];
  /** Replaced in the browser bundle only (the server build keeps the package). */
  browserOnly?: boolean;
  /** Replaced in the server bundle only (it renders the pages; the browser keeps the package). */
  serverOnly?: boolean;
  /** The shim imports `request` itself: the alias applies to every module but the shim. */
  wrapsRequest?: boolean;
  /** Replaced in production builds only: what the shim reads is generated for them (route-shards.ts). */
  productionOnly?: boolean;
};

/**
 * What the `route-shards` trick relies on: the generated files' format (codegenRoutes.js), the
 * callers of the route table and the two chunk tables (preload, docusaurus, normalizeLocation: a path
 * not yet loaded is taken as not `.html`; ComponentCreator reads the tables when a route is made),
 * App.js rendering the top level once (only nested lists are sharded), and the docs plugin reading a
 * version's routes from its parent route on each render (docsUtils.js).
 */
const routeShardsUpstream = [
  packageModule('@docusaurus/core/package.json', 'lib/server/codegen/codegenRoutes.js'),
  packageModule('@docusaurus/core/package.json', 'lib/client/preload.js'),
  packageModule('@docusaurus/core/package.json', 'lib/client/docusaurus.js'),
  packageModule('@docusaurus/core/package.json', 'lib/client/normalizeLocation.js'),
  packageModule('@docusaurus/core/package.json', 'lib/client/exports/ComponentCreator.js'),
  packageModule('@docusaurus/core/package.json', 'lib/client/App.js'),
  packageModule('@docusaurus/plugin-content-docs', 'lib/client/docsUtils.js'),
];

/**
 * The module replacements for the site's bundles (each shim's header says what it changes). Those in
 * both builds keep the server-rendered HTML equal to what the browser renders. Each stays only while
 * `npm run bench:tricks` finds it worth its upkeep; what each saves, measured, is in bench/README.md,
 * "Speed tricks".
 */
export const replacements: readonly Replacement[] = [
  {
    // Hydration-done update as a transition, so it does not block: about a tenth of a second of TBT.
    trick: 'browser-context',
    request: packageModule('@docusaurus/core/package.json', 'lib/client/browserContext'),
    shim: shim('browser-context-transition.tsx'),
    upstream: [packageModule('@docusaurus/core/package.json', 'lib/client/browserContext.js')],
  },
  {
    // Only the Prism languages the site uses: some 15 KB gzipped of first-load JS on every page.
    trick: 'prism',
    request: 'prism-react-renderer',
    shim: shim('lean-prism-react-renderer.tsx'),
    upstream: [packageModule('prism-react-renderer', 'dist/index.mjs')],
  },
  {
    // No schema-made "Example (auto)" tab: the descriptions' own examples only (about 10 KB gzipped).
    trick: 'response-example',
    request: 'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample',
    shim: shim('no-auto-response-example.ts'),
    upstream: [packageModule('docusaurus-plugin-openapi-docs', 'lib/openapi/createResponseExample.js')],
  },
  {
    // Only SHA-1 of crypto-js: some 20 KB gzipped of first-load JS on reference pages.
    trick: 'crypto-js',
    request: 'crypto-js',
    shim: shim('crypto-js-sha1.ts'),
    upstream: [
      packageModule('crypto-js', 'index.js'),
      packageModule('docusaurus-theme-openapi-docs/package.json', 'lib/theme/ApiExplorer/storage-utils.js'),
    ],
    browserOnly: true,
  },
  {
    // No ungzip for uncompressed reference pages: over 10 KB gzipped of first-load JS on reference pages.
    trick: 'pako',
    request: 'pako',
    shim: shim('pako-ungzip-unused.ts'),
    upstream: [
      packageModule('pako/package.json', 'dist/pako.mjs'),
      packageModule('docusaurus-theme-openapi-docs/package.json', 'lib/theme/ApiItem/index.js'),
    ],
    browserOnly: true,
  },
  {
    // No faker for Postman's dynamic variables, which the explorer never substitutes: 0.9 MB (300 KB
    // gzipped) of the scripts an operation page loads when the reader opens the explorer.
    trick: 'postman-extras',
    request: '@faker-js/faker/locale/en',
    shim: shim('postman-faker-unused.ts'),
    upstream: [
      packageModule('@faker-js/faker/package.json', 'locale/en.js'),
      packageModule('postman-collection/package.json', 'lib/superstring/dynamic-variables.js'),
      packageModule('postman-collection/package.json', 'lib/collection/property.js'),
    ],
    browserOnly: true,
  },
  {
    // No code pages for bodies in other charsets, which the explorer reads with fetch: 0.45 MB more.
    trick: 'postman-extras',
    request: 'iconv-lite',
    shim: shim('postman-iconv-utf8.ts'),
    upstream: [
      packageModule('postman-collection/package.json', 'lib/util.js'),
      packageModule('postman-collection/package.json', 'lib/collection/response.js'),
    ],
    browserOnly: true,
  },
  {
    // Each file prefetched once, when idle, not once per link in one task: about a tenth of a second of TBT.
    trick: 'prefetch',
    request: packageModule('@docusaurus/core/package.json', 'lib/client/prefetch'),
    shim: shim('prefetch-once-when-idle.ts'),
    upstream: [
      packageModule('@docusaurus/core/package.json', 'lib/client/prefetch.js'),
      packageModule('@docusaurus/core/package.json', 'lib/client/docusaurus.js'),
    ],
    browserOnly: true,
  },
  {
    // The route table's shard of a path loaded before Docusaurus matches it (route-shards.ts).
    trick: 'route-shards',
    request: packageModule('@docusaurus/core/package.json', 'lib/client/preload'),
    shim: shim('preload-route-shards.ts'),
    upstream: routeShardsUpstream,
    browserOnly: true,
    wrapsRequest: true,
    productionOnly: true,
  },
  {
    // Prefetching a path whose shard has not loaded prefetches the shard's file (same trick).
    trick: 'route-shards',
    request: packageModule('@docusaurus/core/package.json', 'lib/client/docusaurus'),
    shim: shim('prefetch-route-shards.ts'),
    upstream: routeShardsUpstream,
    browserOnly: true,
    wrapsRequest: true,
    productionOnly: true,
  },
  {
    // Server only: routes whose path cannot match are set aside before react-router's matchPath.
    trick: 'route-match',
    request: 'react-router',
    shim: shim('fast-route-match.tsx'),
    upstream: [packageModule('react-router', 'esm/react-router.js')],
    serverOnly: true,
    wrapsRequest: true,
  },
  {
    // Server only: sidebar paths compared without lower-cased copies (same trick, same cause).
    trick: 'route-match',
    request: packageModule('@docusaurus/theme-common', 'lib/utils/routesUtils'),
    shim: shim('fast-same-path.ts'),
    upstream: [packageModule('@docusaurus/theme-common', 'lib/utils/routesUtils.js')],
    serverOnly: true,
  },
  {
    // Server only: route lists matched through an index of each, not route by route (same cause).
    trick: 'route-match',
    request: 'react-router-config',
    shim: shim('indexed-route-config.tsx'),
    upstream: [packageModule('react-router-config/package.json', 'esm/react-router-config.js')],
    serverOnly: true,
  },
  {
    // Server only: the sidebar's active categories and the doc root's route looked up (same cause).
    trick: 'route-match',
    request: packageModule('@docusaurus/plugin-content-docs', 'lib/client/docsUtils'),
    shim: shim('indexed-docs-utils.ts'),
    upstream: [packageModule('@docusaurus/plugin-content-docs', 'lib/client/docsUtils.js')],
    serverOnly: true,
    wrapsRequest: true,
  },
];

/** The replacements switched on (SPEED_OFF, switches.ts) for the server or browser bundle. */
const replacementsIn = (isServer: boolean, production: boolean) =>
  replacements.filter(
    ({trick, browserOnly, serverOnly, productionOnly}) =>
      isTrickOn(trick) && !(isServer && browserOnly) && !(!isServer && serverOnly) && !(productionOnly && !production),
  );

/** The bundler aliases of the replacements switched on that apply to every module. */
export function bundleAliases(isServer: boolean, production: boolean): Record<string, string> {
  return Object.fromEntries(
    replacementsIn(isServer, production)
      .filter(({wrapsRequest}) => !wrapsRequest)
      .map(({request, shim}) => [`${request}$`, shim]),
  );
}

/** The module rules aliasing each replacement that wraps its request, in every module but its shim. */
export function wrappingRules(isServer: boolean, production: boolean): RuleSetRule[] {
  return replacementsIn(isServer, production)
    .filter(({wrapsRequest}) => wrapsRequest)
    .map(({request, shim}) => ({exclude: [shim], resolve: {alias: {[`${request}$`]: shim}}}));
}

/**
 * Fails the build when a server-only shim is not in the server bundle: an alias that stopped matching
 * would otherwise go unnoticed (the server bundle is deleted after rendering, so no test can read it).
 */
function requireServerShims(shims: readonly string[]) {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.afterCompile.tap('lean-bundle', (compilation) => {
        for (const file of shims)
          if (!compilation.fileDependencies.has(file))
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `speed/lean-bundle.ts: ${path.relative(process.cwd(), file)} is not in the server bundle: the alias of its replacement no longer matches what the bundler resolves`,
              ),
            );
      });
    },
  };
}

export default function leanBundlePlugin(): Plugin {
  return {
    name: 'lean-bundle',
    configureWebpack(config, isServer) {
      const production = config.mode === 'production';
      const serverShims = isServer ? replacementsIn(isServer, production).filter(({serverOnly}) => serverOnly) : [];
      return {
        plugins: serverShims.length > 0 ? [requireServerShims(serverShims.map(({shim}) => shim))] : [],
        resolve: {alias: bundleAliases(isServer, production)},
        module: {
          rules: [...wrappingRules(isServer, production)],
        },
      };
    },
  };
}
