// The reference's request and response sections put each schema in a <ul> whose items are <div>s;
// one <li> around the schema keeps that list valid for assistive technology (axe rule "list").
import type {ComponentProps, ReactNode} from 'react';
import Schema from '@theme-original/Schema';

export default function SchemaWrapper(props: ComponentProps<typeof Schema>): ReactNode {
  return (
    <li className="openapi-schema__list">
      <Schema {...props} />
    </li>
  );
}
