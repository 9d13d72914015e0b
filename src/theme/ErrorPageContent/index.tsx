// Keeps Docusaurus' crash page ('This page crashed.', the error message, 'Try again') and adds a way on: the home page and, for errors the API returns, the troubleshooting guide.
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {WrapperProps} from '@docusaurus/types';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import type ErrorPageContentType from '@theme/ErrorPageContent';

type Props = WrapperProps<typeof ErrorPageContentType>;

export default function ErrorPageContentWrapper(props: Props): ReactNode {
  return (
    <>
      <ErrorPageContent {...props} />
      <div className="container margin-bottom--xl">
        <div className="row">
          <p className="col col--6 col--offset-3">
            If the page keeps crashing, reload it or start again from the <Link to="/">home page</Link>. For errors
            returned by the API, see <Link to="/docs/troubleshooting">Troubleshooting</Link>.
          </p>
        </div>
      </div>
    </>
  );
}
