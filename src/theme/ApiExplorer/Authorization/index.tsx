// Says plainly, next to the key field, that a call needs a key while the field is empty (the theme
// said nothing and sent a placeholder header: src/theme/ApiExplorer/buildPostmanRequest), and lets the
// reader keep the credentials for this tab, for every operation page of the same API. An OAuth2
// scheme gets the flows that fetch its token (src/theme/ApiExplorer/OAuth2.tsx).
import {useEffect, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import Authorization from '@theme-original/ApiExplorer/Authorization';
import {setAuthData} from '@theme/ApiExplorer/Authorization/slice';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';

import {browserStorage, credentialsKey, readCredentials, type Credentials} from '@site/src/explorer-storage';
import OAuth2 from '../OAuth2';

type Scheme = {key: string; type: string; name?: string; in?: string};
type AuthState = {
  auth: {selected?: string; options: Record<string, Scheme[]>; data: Credentials};
};

/** Header names of the chosen API-key schemes whose key is still empty. */
function headersWithoutKey({auth}: AuthState): string {
  const chosen = auth.selected === undefined ? [] : (auth.options[auth.selected] ?? []);
  return chosen
    .filter((scheme) => scheme.type === 'apiKey' && !auth.data[scheme.key]?.apiKey)
    .map((scheme) => scheme.name ?? scheme.key)
    .join(', ');
}

export default function AuthorizationWrapper(): ReactNode {
  const missing = useTypedSelector(headersWithoutKey);
  const data = useTypedSelector((state: AuthState) => state.auth.data);
  const dispatch = useTypedDispatch();
  const key = credentialsKey(useLocation().pathname);
  // By default the credentials live in the page's memory only (themeConfig.api.authPersistence: false).
  // The explorer renders in the browser alone, on "Try it": the tab's storage is read here, once.
  const [stored] = useState(() => readCredentials(browserStorage('sessionStorage'), key));
  const [remembered, setRemembered] = useState(stored !== undefined);

  // Credentials this tab remembers for this API fill the fields when the explorer opens.
  useEffect(() => {
    if (!stored) return;
    for (const [scheme, values] of Object.entries(stored))
      for (const [field, value] of Object.entries(values))
        if (data[scheme] && field in data[scheme]) dispatch(setAuthData({scheme, key: field, value}));
    // Once: later edits are what the effect below keeps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored]);

  // While remembered, the tab's copy follows what the reader types.
  useEffect(() => {
    if (!remembered) return;
    try {
      browserStorage('sessionStorage')?.setItem(key, JSON.stringify(data));
    } catch {
      // Storage full or refused: the credentials stay in the page, as without the checkbox.
    }
  }, [remembered, data, key]);

  const forget = () => {
    setRemembered(false);
    browserStorage('sessionStorage')?.removeItem(key);
    for (const [scheme, values] of Object.entries(data))
      for (const field of Object.keys(values)) dispatch(setAuthData({scheme, key: field, value: undefined}));
  };

  return (
    <>
      <Authorization />
      <OAuth2 />
      {missing && (
        <p className="openapi-explorer__key-needed">
          A key is needed: enter your API key above (the local sandbox accepts any key). Without one, the request is
          sent without the <code>{missing}</code> header.
        </p>
      )}
      <div className="openapi-explorer__remember">
        <label>
          <input
            type="checkbox"
            checked={remembered}
            onChange={(event) => (event.target.checked ? setRemembered(true) : forget())}
          />
          <span>Remember for this tab (this API&apos;s pages; gone when the tab closes)</span>
        </label>
        {remembered && (
          <button type="button" className="button button--sm button--link" onClick={forget}>
            Forget
          </button>
        )}
      </div>
    </>
  );
}
