/**
 * The search page (/search?q=…): every hit of the site's search for a query, the navbar box's engine
 * (src/search). The query lives in the address, so a search can be shared and the not-found page's
 * plain form lands here. The server renders the form alone: the query is read in the browser, once
 * the page is hydrated, so that the first render matches the server's HTML (React error #418 else).
 */
import {useEffect, useRef, useState, type FormEvent, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';

import {Excerpt} from '@site/src/components/SearchHitText';
import {provider} from '@site/src/provider';
import type {SearchAnswer} from '@site/src/search/engine';
import {failedMessage, searchSite} from '@site/src/search/pagefind';

import styles from './styles.module.css';

const description = `Search the ${provider.name} documentation: guides, tutorials, FAQs and the API reference.`;

/** Hits shown at first, and added by each "More results". */
const pageSize = 20;

type Shown = {query: string; limit: number; answer?: SearchAnswer; failed?: boolean};

export default function SearchPage(): ReactNode {
  const {
    siteConfig: {baseUrl},
  } = useDocusaurusContext();
  const location = useLocation();
  const history = useHistory();
  // The server never sees the address's query: hydration renders without it, as the server did.
  const hydrated = useIsBrowser();
  const query = hydrated ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [typed, setTyped] = useState(query);
  // Another query in the address (Back, the navbar's "See all results"): the form shows it.
  const [formQuery, setFormQuery] = useState(query);
  if (formQuery !== query) {
    setFormQuery(query);
    setTyped(query);
  }
  const [shown, setShown] = useState<Shown>({query: '', limit: pageSize});
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    if (!query.trim()) return;
    const limit = shown.query === query ? shown.limit : pageSize;
    searchSite(baseUrl, query, limit).then(
      (answer) => ticket === latest.current && setShown({query, limit, answer}),
      () => ticket === latest.current && setShown({query, limit, failed: true}),
    );
    // shown.limit changes only through "More results", which asks for this effect again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [baseUrl, query, shown.limit]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    history.replace(`${location.pathname}?q=${encodeURIComponent(typed)}`);
  };

  const current = shown.query === query ? shown : undefined;
  const hits = current?.answer?.hits ?? [];
  const total = current?.answer?.total ?? 0;
  let status = '';
  if (query.trim())
    status = current?.failed
      ? failedMessage
      : !current?.answer
        ? 'Searching…'
        : total === 0
          ? `No pages found for “${query}”.`
          : `${total} ${total === 1 ? 'page' : 'pages'} found`;

  return (
    <Layout title={query ? `Search: ${query}` : 'Search'} description={description}>
      <Head>
        <meta property="og:description" content={description} />
      </Head>
      <main className="container margin-vert--lg">
        <h1 className={styles.heading}>{query ? `Search results for “${query}”` : 'Search the documentation'}</h1>
        <form role="search" onSubmit={submit} className="search-form__row">
          <input
            name="q"
            type="search"
            aria-label="Search the documentation"
            placeholder="e.g. batch_size"
            className="search-form__input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
        <p role="status" className={styles.status}>
          {status}
        </p>
        {hits.map((hit) => (
          <article key={hit.path} className={styles.hit}>
            <h2 className={styles.hitTitle}>
              <Link to={hit.path}>{hit.title}</Link>
            </h2>
            <p className={styles.excerpt}>
              <Excerpt excerpt={hit.excerpt} />
            </p>
          </article>
        ))}
        {hits.length < total && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setShown({...shown, limit: shown.limit + pageSize})}>
            More results
          </button>
        )}
      </main>
    </Layout>
  );
}
