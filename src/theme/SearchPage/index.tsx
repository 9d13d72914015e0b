// Mounts the plugin's search page only once the page is live in the browser, not while it hydrates:
// the page reads ?q= only in the browser, and mounted earlier its first effect rewrites the URL
// without ?q= before it has read it (a race the "hydration done" transition exposes, see
// src/shims/browser-context-transition.tsx). The server renders the page's empty state.
import type {ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';
import SearchPage from '@theme-original/SearchPage';

export default function SearchPageWrapper(): ReactNode {
  if (useIsBrowser()) return <SearchPage />;
  return (
    <Layout>
      <div className="container margin-vert--lg">
        <h1>Search the documentation</h1>
      </div>
    </Layout>
  );
}
