// Replaces the operation header: it showed the path without the servers' /api prefix and with
// `:model_id` where every other page writes `{model_id}`. It now shows the path as readers call it
// (`/api/predictor/language/pre-trained/{model_id}`), the same on the server and in the browser, and
// follows links to the page's parameters, fields and responses (src/components/ReferenceAnchors).
import type {ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';

import {useRevealHash} from '@site/src/components/ReferenceAnchors';

type Props = {method: string; path: string; context?: string};

const badgeColours: Record<string, string> = {
  get: 'primary',
  post: 'success',
  delete: 'danger',
  put: 'info',
  patch: 'warning',
  head: 'secondary',
};

/** The path part of the operation's first server (`https://api.orchard.example/api` → `/api`). */
function serverBasePath(api: unknown): string {
  const url = (api as {servers?: {url?: string}[]} | undefined)?.servers?.[0]?.url;
  if (!url) return '';
  try {
    return new URL(url).pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

export default function MethodEndpoint({method, path}: Props): ReactNode {
  useRevealHash();
  const {frontMatter} = useDoc();
  const fullPath = `${serverBasePath((frontMatter as {api?: unknown}).api)}${path}`;
  return (
    <>
      <pre className="openapi__method-endpoint">
        <span className={`badge badge--${badgeColours[method.toLowerCase()] ?? 'secondary'}`}>
          {method.toUpperCase()}
        </span>{' '}
        <h2 className="openapi__method-endpoint-path">{fullPath}</h2>
      </pre>
      <div className="openapi__divider" />
    </>
  );
}
