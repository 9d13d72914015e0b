// Gives a docs version's pages their sidebar when the browser has the version's props lean (speed/route-shards.ts): the page's entries grafted, or the whole props once loaded (speed/shims/lean-version.ts).
import {useMemo, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import DocVersionRoot from '@theme-original/DocVersionRoot';
import type {Props} from '@theme/DocVersionRoot';

import {versionForPage} from '@site/speed/shims/lean-version';

export default function DocVersionRootWrapper(props: Props & {leanVersion?: string}): ReactNode {
  const {pathname} = useLocation();
  const version = useMemo(
    () => versionForPage(props.leanVersion, props.version, pathname),
    [props.leanVersion, props.version, pathname],
  );
  return <DocVersionRoot {...props} version={version} />;
}
