import {existsSync} from 'node:fs';
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';
import type {Compiler, RuleSetRule} from 'webpack';

import {isTrickOn, type SpeedTrick} from './speed-switches';

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
  /** Replaced in production builds only: what the shim reads is generated for them (plugins/route-shards.ts). */
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
    // First window-size measurement as a transition, so it does not block: tens of ms of TBT.
    trick: 'window-size',
    request: packageModule('@docusaurus/theme-common', 'lib/hooks/useWindowSize'),
    shim: shim('window-size-transition.ts'),
    upstream: [packageModule('@docusaurus/theme-common', 'lib/hooks/useWindowSize.js')],
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
    // The route table's shard of a path loaded before Docusaurus matches it (plugins/route-shards.ts).
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
];

/** The replacements switched on (SPEED_OFF in plugins/speed-switches.ts) for the server or browser bundle. */
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
 * The OpenAPI theme's modules whose `@docusaurus/BrowserOnly` is replaced by a component that renders
 * on the server too (src/shims/render-on-server.tsx): the parameters, request body and responses of
 * each reference page are then in its HTML, where search finds their fields. Behaviour, not speed:
 * always on.
 */
export const serverRenderedReferenceModules = ['ParamsDetails', 'RequestSchema', 'ResponseSchema'].map((name) =>
  packageModule('docusaurus-theme-openapi-docs/package.json', `lib/theme/${name}/index.js`),
);
export const renderOnServerShim = shim('render-on-server.tsx');

/**
 * The theme's schema module, whose oneOf and anyOf tabs render every alternative into the HTML, not
 * the selected one alone (src/shims/schema-tabs-every-panel.tsx). Behaviour, not speed: always on.
 */
export const schemaModule = packageModule('docusaurus-theme-openapi-docs/package.json', 'lib/theme/Schema/index.js');
export const everyAlternativeShim = shim('schema-tabs-every-panel.tsx');
const everyAlternativeRule: RuleSetRule = {
  include: [schemaModule],
  resolve: {alias: {'@theme/SchemaTabs': everyAlternativeShim}},
};

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
                `plugins/lean-bundle.ts: ${path.relative(process.cwd(), file)} is not in the server bundle: the alias of its replacement no longer matches what the bundler resolves`,
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
          rules: [
            {
              include: serverRenderedReferenceModules,
              resolve: {alias: {'@docusaurus/BrowserOnly': renderOnServerShim}},
            },
            everyAlternativeRule,
            ...wrappingRules(isServer, production),
          ],
        },
      };
    },
  };
}
