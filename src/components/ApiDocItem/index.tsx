import {lazy, Suspense, type ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';

// The OpenAPI theme's page (its redux store, schema renderer and explorer shell) as a separate chunk.
const ApiItem = lazy(() => import('@theme/ApiItem'));

/**
 * The doc page of the `api` instance, which holds both the API guides and the generated reference:
 * guides render as plain doc pages and stay as light as the rest of the docs; only operation and
 * schema pages load the OpenAPI theme's page. (It renders on the server too, so no content is lost.)
 */
export default function ApiDocItem(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as {api?: unknown; schema?: unknown};
  if (frontMatter.api === undefined && frontMatter.schema === undefined) return <DocItem {...props} />;
  return (
    <Suspense fallback={null}>
      <ApiItem {...props} />
    </Suspense>
  );
}
