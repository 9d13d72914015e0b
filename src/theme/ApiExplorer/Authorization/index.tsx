// Says plainly, next to the key field, that a call needs a key while the field is empty (the theme
// said nothing and sent a placeholder header: src/theme/ApiExplorer/buildPostmanRequest).
import type {ReactNode} from 'react';
import Authorization from '@theme-original/ApiExplorer/Authorization';
import {useTypedSelector} from '@theme/ApiItem/hooks';

type Scheme = {key: string; type: string; name?: string; in?: string};
type AuthState = {
  auth: {selected?: string; options: Record<string, Scheme[]>; data: Record<string, {apiKey?: string}>};
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
  return (
    <>
      <Authorization />
      {missing && (
        <p className="openapi-explorer__key-needed">
          A key is needed: enter your API key above (the local sandbox accepts any key). Without one, the request is
          sent without the <code>{missing}</code> header.
        </p>
      )}
    </>
  );
}
