import type {ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';

import {registeredApiItem} from './registry';

/** A generated operation page's content module: the operation is an export of its body (lib/openapi/api-page.ts). */
type ReferenceContent = Props['content'] & {api?: unknown; frontMatter: {api?: unknown; schema?: unknown}};

/**
 * The doc page of the `api` instance, which holds both the API guides and the generated reference:
 * guides render as plain doc pages and stay as light as the rest of the docs; reference pages render
 * with the OpenAPI theme's page, which their own content chunk brings along (./register), so it is
 * there before the page renders, on the server and in the browser, with no loading state.
 */
export default function ApiDocItem(props: Props): ReactNode {
  const content = props.content as ReferenceContent;
  if (content.api === undefined && content.frontMatter.schema === undefined) return <DocItem {...props} />;
  // The OpenAPI theme reads the operation from the front matter (ApiItem and its layout, via useDoc).
  content.frontMatter.api ??= content.api;
  const ApiItem = registeredApiItem();
  if (!ApiItem) {
    throw new Error(
      `${props.content.metadata.source}: a reference page whose content does not import src/components/ApiDocItem/register; regenerate it with npm run gen-api-docs`,
    );
  }
  // eslint-disable-next-line react-hooks/static-components -- one module-level component, the same on every render
  return <ApiItem {...props} />;
}
