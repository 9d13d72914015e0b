import type {ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';

import {registeredApiItem} from './registry';

/**
 * The doc page of the `api` instance, which holds both the API guides and the generated reference:
 * guides render as plain doc pages and stay as light as the rest of the docs; reference pages render
 * with the OpenAPI theme's page, which their own content chunk brings along (./register), so it is
 * there before the page renders, on the server and in the browser, with no loading state.
 */
export default function ApiDocItem(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as {api?: unknown; schema?: unknown};
  if (frontMatter.api === undefined && frontMatter.schema === undefined) return <DocItem {...props} />;
  const ApiItem = registeredApiItem();
  if (!ApiItem) {
    throw new Error(
      `${props.content.metadata.source}: a reference page whose content does not import src/components/ApiDocItem/register; regenerate it with npm run gen-api-docs`,
    );
  }
  return <ApiItem {...props} />;
}
