// Stands in for @docusaurus/BrowserOnly in the reference's parameter, request-body and response
// sections only (plugins/reference-html.ts): the OpenAPI theme renders them in the browser alone,
// so the server-rendered HTML held none of their fields for search engines, crawlers and our own
// search. Rendered on both sides, every field is in the page's HTML (collapsed or not).
import type {ReactNode} from 'react';

type Props = {children?: () => ReactNode; fallback?: ReactNode};

export default function RenderOnServer({children}: Props): ReactNode {
  return <>{children?.()}</>;
}
