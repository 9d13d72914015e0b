// Each parameter is an item of the theme's parameter list (it was a bare <div> in a <ul>: axe rule
// "list") and has a stable anchor, `request-<in>-<name>` (src/components/ReferenceAnchors).
import type {ComponentProps, ReactNode} from 'react';
import ParamsItem from '@theme-original/ParamsItem';

import {anchorId, FieldAnchor} from '@site/src/components/ReferenceAnchors';

type Props = ComponentProps<typeof ParamsItem> & {param: {name: string; in: string}};

export default function ParamsItemWrapper(props: Props): ReactNode {
  const {name, in: location} = props.param;
  return (
    <FieldAnchor as="li" id={anchorId('request', location, name)} label={`${name} (${location} parameter)`}>
      <ParamsItem {...props} />
    </FieldAnchor>
  );
}
