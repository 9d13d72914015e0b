// Adds <link rel="alternate" type="text/markdown"> to the head of every page that has a Markdown twin (issue 11),
// and to every page its social card (og:image, drawn at build time by plugins/social-cards.ts).
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useRouteContext from '@docusaurus/useRouteContext';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type {WrapperProps} from '@docusaurus/types';

import {markdownPath, twinPlugins} from '@site/src/markdown-twin';
import {socialCardPath, socialCardSize} from '@site/src/social-card';

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

/** The page's social card: the image link previews show (Open Graph, X). */
function SocialCard(): ReactNode {
  const {pathname} = useLocation();
  const {siteConfig} = useDocusaurusContext();
  const image = `${siteConfig.url.replace(/\/$/, '')}${socialCardPath(pathname)}`;
  return (
    <Head>
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(socialCardSize.width)} />
      <meta property="og:image:height" content={String(socialCardSize.height)} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:card" content="summary_large_image" />
    </Head>
  );
}

export default function LayoutWrapper(props: Props): ReactNode {
  return (
    <>
      <MarkdownTwinLink />
      <SocialCard />
      <Layout {...props} />
    </>
  );
}
