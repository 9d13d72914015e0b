import type {Plugin} from '@docusaurus/types';

/**
 * The page actions (src/components/PageActions, with the breadcrumbs wrapper that renders them and
 * the MCP configuration they copy) in one chunk of their own, shared by every page. Docusaurus moves a
 * module into its `common` chunk only when half of the route chunks use it; below that, the bundler
 * copies it into each chunk that imports it. The docs pages import the menu through DocItem, and the
 * reference operation pages a second time through the OpenAPI theme's page (each page's own content
 * chunk, src/components/ApiDocItem/register), so those pages loaded it twice (about a kilobyte more).
 */
export const pageActionsModules =
  /[\\/]src[\\/](?:components[\\/]PageActions[\\/]|theme[\\/]DocBreadcrumbs[\\/]|mcp-config\.ts)/;

export default function pageActionsChunkPlugin(): Plugin {
  return {
    name: 'page-actions-chunk',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              // Scripts only: CSS modules stay in Docusaurus' single stylesheet (its `styles` group).
              pageActions: {
                test: pageActionsModules,
                type: 'javascript/auto',
                name: 'page-actions',
                chunks: 'all',
                enforce: true,
                priority: 45,
              },
            },
          },
        },
      };
    },
  };
}
