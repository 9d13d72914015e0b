// Where the explorer keeps credentials a reader chose to remember for the tab
// (src/theme/ApiExplorer/Authorization): sessionStorage, one entry per API, never anywhere else.

/** The explorer's credentials, by security scheme and field (apiKey, token, username, password). */
export type Credentials = Record<string, Record<string, string | undefined>>;

/** The tab's storage key for the API an operation page belongs to: its folder of the reference. */
export function credentialsKey(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  const reference = parts.indexOf('api-reference');
  const api = reference >= 0 && parts[reference + 1] ? parts[reference + 1] : parts.slice(0, -1).join('/');
  return `orchard-explorer-credentials:${api}`;
}

/** The credentials remembered under `key`, keeping string fields only; undefined when none are. */
export function readCredentials(storage: Storage | undefined, key: string): Credentials | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(key) ?? 'null');
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const credentials: Credentials = {};
  for (const [scheme, values] of Object.entries(parsed as Record<string, unknown>)) {
    if (!values || typeof values !== 'object') continue;
    credentials[scheme] = Object.fromEntries(
      Object.entries(values as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
  return credentials;
}
