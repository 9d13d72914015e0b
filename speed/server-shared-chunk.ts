import type {Plugin} from '@docusaurus/types';

/** The one chunk of the server bundle that holds every module two or more page chunks share. */
export const serverSharedChunkName = 'server-shared';

/**
 * Docusaurus bundles the server side (what renders each page's HTML at build time) without chunk
 * splitting, so a module that page chunks share and the server entry does not (the OpenAPI theme's
 * schema, parameter and response components) is copied into every operation page's chunk: about 1 MB
 * per operation page, which the bundler writes and each SSG worker reads and compiles again, page by
 * page. Here the server bundle keeps those modules once, in one shared chunk: at 1,000 operations about
 * a quarter of the build's time and a third of its peak memory (bench/README.md, "Tricks without a
 * switch"). The HTML is unchanged, and the
 * browser bundle keeps Docusaurus' own splitting.
 */
export default function serverSharedChunkPlugin(): Plugin {
  return {
    name: 'server-shared-chunk',
    configureWebpack(_config, isServer) {
      if (!isServer) return {};
      return {
        optimization: {
          splitChunks: {
            chunks: 'async',
            cacheGroups: {
              default: false,
              defaultVendors: false,
              shared: {name: serverSharedChunkName, minChunks: 2, enforce: true},
            },
          },
        },
      };
    },
  };
}
