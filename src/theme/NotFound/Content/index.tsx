// Replaces Docusaurus' stock not-found text (which asks readers to contact "the owner of the site") with a way on: a search form and the site's main pages.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';

import {services} from '@site/src/provider';

const wayOn: readonly {to: string; label: string; what: string}[] = [
  {to: '/docs/quickstart', label: 'Quickstart', what: 'make your first call'},
  {to: '/docs/intro', label: 'Introduction', what: 'what the three APIs do'},
  {to: `/api/${services.predictor}/overview`, label: 'API guides', what: 'the predictor, trainer and medley'},
  {to: '/api/category/api-reference', label: 'API reference', what: 'every endpoint'},
  {to: '/tutorials', label: 'Tutorials', what: 'end-to-end examples'},
  {to: '/faqs/faqs', label: 'FAQs', what: 'short answers'},
  {to: '/docs/troubleshooting', label: 'Troubleshooting', what: 'errors the API returns'},
];

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>
            There is no page at this address. It may have moved: search for it, or start from one of the pages below.
          </p>
          {/* A plain form: it works before the page's scripts run, and opens the site's search page. */}
          <form action="/search" method="get" role="search" className="not-found__search margin-bottom--lg">
            <label htmlFor="not-found-query">Search the docs</label>
            <div className="search-form__row">
              <input
                id="not-found-query"
                name="q"
                type="search"
                className="search-form__input"
                placeholder="e.g. batch_size"
              />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </form>
          <nav aria-label="Main pages" className="not-found__links">
            <ul>
              {wayOn.map(({to, label, what}) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>: {what}
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </main>
  );
}
