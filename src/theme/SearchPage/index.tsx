// Mounts the plugin's search page only once the page is live in the browser, not while it hydrates:
// the page reads ?q= only in the browser, and mounted earlier its first effect rewrites the URL
// without ?q= before it has read it (a race the "hydration done" transition exposes, see
// src/shims/browser-context-transition.tsx). The server renders the page's empty state. Both give the
// page the meta description the plugin's page lacks (Lighthouse's SEO audit asks for one).
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';
import SearchPage from '@theme-original/SearchPage';

import {provider} from '../../provider';

const description = `Search the ${provider.name} documentation: guides, tutorials, FAQs and the API reference.`;

export default function SearchPageWrapper(): ReactNode {
  const head = (
    <Head>
      <meta name="description" content={description} />
      <meta property="og:description" content={description} />
    </Head>
  );
  if (useIsBrowser())
    return (
      <>
        {head}
        <SearchPage />
      </>
    );
  return (
    <Layout>
      {head}
      <div className="container margin-vert--lg">
        <h1>Search the documentation</h1>
      </div>
    </Layout>
  );
}
