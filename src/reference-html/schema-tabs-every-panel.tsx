// Stands in for @theme/SchemaTabs in the OpenAPI theme's Schema module only (plugins/reference-html.ts),
// whose oneOf and anyOf tabs render the selected alternative alone (`lazy`): the other alternatives'
// fields were missing from the page's HTML, where search, crawlers and readers without JavaScript
// look for them. Every alternative is rendered, the unselected ones hidden until their tab is chosen.
import type {ComponentProps, ReactNode} from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';

export default function SchemaTabsEveryPanel(props: ComponentProps<typeof SchemaTabs>): ReactNode {
  return <SchemaTabs {...props} lazy={false} />;
}
