// The reference's request and response sections put each schema in a <ul> whose items are <div>s;
// one <li> around the schema keeps that list valid for assistive technology (axe rule "list"). It
// also starts the anchors of the request body's fields (`request-body-…`, src/components/ReferenceAnchors),
// and records where the body's own schema is shown, for a field that contains it again.
import type {ComponentProps, ReactNode} from 'react';
import Schema from '@theme-original/Schema';

import {AnchorScopeProvider, ShownSchema, useAnchorScope} from '@site/src/components/ReferenceAnchors';

type Props = ComponentProps<typeof Schema> & {schemaType?: string};

export default function SchemaWrapper(props: Props): ReactNode {
  // Responses set their scope around them (src/theme/StatusCodes); the request body has one body.
  const scope = useAnchorScope() ?? (props.schemaType === 'request' ? 'request-body' : undefined);
  return (
    <li className="openapi-schema__list" id={props.schemaType === 'request' ? scope : undefined}>
      <AnchorScopeProvider id={scope}>
        <ShownSchema schema={props.schema} id={scope}>
          <Schema {...props} />
        </ShownSchema>
      </AnchorScopeProvider>
    </li>
  );
}
