// Gives every schema field of the reference a stable anchor (src/components/ReferenceAnchors): the
// field's id is the id of the section or field around it plus its own name.
import {isValidElement, type ComponentProps, type ReactNode} from 'react';
import SchemaItem from '@theme-original/SchemaItem';

import {anchorId, FieldAnchor, useAnchorScope} from '@site/src/components/ReferenceAnchors';

type Props = ComponentProps<typeof SchemaItem> & {name?: unknown; collapsible?: boolean; children?: ReactNode};

/** A collapsible field carries its name in the summary of the <details> it is given as children. */
function fieldName({name, collapsible, children}: Props): unknown {
  if (!collapsible) return name;
  if (!isValidElement<{summary?: ReactNode}>(children) || !isValidElement<{name?: unknown}>(children.props.summary))
    return undefined;
  return children.props.summary.props.name;
}

export default function SchemaItemWrapper(props: Props): ReactNode {
  const scope = useAnchorScope();
  const name = fieldName(props);
  // Array items have no name: they are not fields of their own.
  if (scope === undefined || typeof name !== 'string' || name === '') return <SchemaItem {...props} />;
  return (
    <FieldAnchor id={anchorId(scope, name)} label={name}>
      <SchemaItem {...props} />
    </FieldAnchor>
  );
}
