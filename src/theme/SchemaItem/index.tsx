// Gives every schema field of the reference a stable anchor (src/components/ReferenceAnchors): the
// field's id is the id of the section or field around it plus its own name. A schema that contains
// itself, where the theme writes only `circular(Title)`, links to where its fields are shown.
import {isValidElement, type ComponentProps, type ReactNode} from 'react';
import SchemaItem from '@theme-original/SchemaItem';

import {
  anchorId,
  FieldAnchor,
  RepeatLink,
  repeatedTitle,
  ShownSchema,
  useAnchorScope,
} from '@site/src/components/ReferenceAnchors';

type Props = ComponentProps<typeof SchemaItem> & {
  name?: unknown;
  schema?: unknown;
  schemaName?: unknown;
  collapsible?: boolean;
  children?: ReactNode;
};

/** A collapsible field carries its name and schema in the summary of the <details> it is given as children. */
function field({name, schema, collapsible, children}: Props): {name: unknown; schema: unknown} {
  if (!collapsible) return {name, schema};
  if (
    !isValidElement<{summary?: ReactNode}>(children) ||
    !isValidElement<{name?: unknown; schema?: unknown}>(children.props.summary)
  )
    return {name: undefined, schema: undefined};
  const {summary} = children.props;
  return {name: summary.props.name, schema: summary.props.schema};
}

export default function SchemaItemWrapper(props: Props): ReactNode {
  const scope = useAnchorScope();
  const {name, schema} = field(props);
  const repeated = repeatedTitle(props.schemaName);
  const item = (
    <>
      <SchemaItem {...props} />
      {repeated !== undefined && <RepeatLink title={repeated} />}
    </>
  );
  // Array items have no name: they are not fields of their own.
  if (scope === undefined || typeof name !== 'string' || name === '') return item;
  const id = anchorId(scope, name);
  return (
    <FieldAnchor id={id} label={name}>
      <ShownSchema schema={schema} id={id}>
        {item}
      </ShownSchema>
    </FieldAnchor>
  );
}
