/**
 * The route the API explorer's OAuth2 sign-in window returns to (src/components/OAuth2Callback): a
 * tool, not content, so out of the sitemap (docusaurus.config.ts), the search index and the twins.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';

import {oauth2CallbackRoute} from '../src/oauth2-channel';

export default function oauth2CallbackPlugin(context: LoadContext): Plugin {
  return {
    name: 'oauth2-callback',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: `${context.baseUrl}${oauth2CallbackRoute}`,
        component: '@site/src/components/OAuth2Callback',
        exact: true,
      });
    },
  };
}
