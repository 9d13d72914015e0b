// Adds <link rel="alternate" type="text/markdown"> to the head of every page that has a Markdown twin (issue 11).
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useRouteContext from '@docusaurus/useRouteContext';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type {WrapperProps} from '@docusaurus/types';

import {markdownPath, twinPlugins} from '@site/src/markdown-twin';

type Props = WrapperProps<typeof LayoutType>;

/** The link to the page's Markdown twin; pages without one (search, 404) get none. */
function MarkdownTwinLink(): ReactNode {
  const {plugin} = useRouteContext();
  const {pathname} = useLocation();
  const {siteConfig} = useDocusaurusContext();
  if (!twinPlugins.includes(plugin.name)) return null;
  return (
    <Head>
      <link
        rel="alternate"
        type="text/markdown"
        href={`${siteConfig.url.replace(/\/$/, '')}${markdownPath(pathname)}`}
      />
    </Head>
  );
}

export default function LayoutWrapper(props: Props): ReactNode {
  return (
    <>
      <MarkdownTwinLink />
      <Layout {...props} />
    </>
  );
}
