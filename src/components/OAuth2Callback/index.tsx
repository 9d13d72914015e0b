/**
 * The page the explorer's OAuth2 sign-in window returns to (`/oauth2-callback`, plugins/oauth2-callback.ts):
 * it passes the authorization server's answer (a code and its state, or an error) to the operation page
 * that opened it, then closes. Opened on its own, it says what it is for.
 */
import {useEffect, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';

import {oauth2ChannelName, type OAuth2Callback} from '@site/src/oauth2-channel';

/** The authorization server's answer in the address, once in the browser (the server-rendered page has none). */
function answerInAddress(isBrowser: boolean): Record<string, string> | undefined {
  if (!isBrowser) return undefined;
  const params = Object.fromEntries(new URLSearchParams(window.location.search));
  return params.state ? params : undefined;
}

export default function OAuth2CallbackPage(): ReactNode {
  const isBrowser = useIsBrowser();
  const answer = answerInAddress(isBrowser);
  const hasAnswer = answer !== undefined;
  // Once, after the first render: the answer is handed on exactly once.
  useEffect(() => {
    const params = answerInAddress(true);
    if (!params) return;
    const channel = new BroadcastChannel(oauth2ChannelName);
    channel.postMessage({type: 'oauth2-callback', params} satisfies OAuth2Callback);
    channel.close();
    // Only a window a script opened can close itself (the explorer's); otherwise the reader closes it.
    if (window.opener) window.close();
  }, []);
  let status = 'Finishing the sign-in…';
  if (isBrowser)
    status = hasAnswer
      ? 'Signed in: the operation page has the answer. You can close this window.'
      : 'This page finishes a sign-in started from the API explorer: open an operation page, choose "Try it", then "Authorize".';
  return (
    <Layout title="API explorer sign-in" description="Finishes an OAuth 2.0 sign-in started from the API explorer.">
      <main className="container margin-vert--xl">
        <h1>API explorer sign-in</h1>
        <p role="status">{status}</p>
      </main>
    </Layout>
  );
}
