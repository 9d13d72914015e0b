// What the explorer keeps in the browser, one entry per API (the API an operation page belongs to):
// credentials a reader chose to remember for the tab, in sessionStorage and nowhere else
// (src/theme/ApiExplorer/Authorization), and the server the reader chose, in localStorage
// (src/theme/ApiExplorer/RememberedServer).
import {serverUrl, type ServerLike} from './server-url';

/** The explorer's credentials, by security scheme and field (apiKey, token, username, password). */
export type Credentials = Record<string, Record<string, string | undefined>>;

/** The browser's storage of `kind`, or undefined where it refuses it (strict privacy settings) or has none. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

/** The API an operation page belongs to: its folder of the reference. */
export function apiOfPage(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  const reference = parts.indexOf('api-reference');
  return reference >= 0 && parts[reference + 1] ? parts[reference + 1]! : parts.slice(0, -1).join('/');
}

/** The tab's storage key of the credentials for the API an operation page belongs to. */
export const credentialsKey = (pathname: string): string => `orchard-explorer-credentials:${apiOfPage(pathname)}`;

/** The storage key of the server chosen for the API an operation page belongs to. */
export const serverKey = (pathname: string): string => `orchard-explorer-server:${apiOfPage(pathname)}`;

/** The object `key` holds as JSON, or undefined when there is none or it cannot be read. */
function storedObject(storage: Storage | undefined, key: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Only the string fields of each object of `value`. */
function stringsOnly(value: Record<string, unknown>): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const [name, inner] of Object.entries(value))
    if (inner && typeof inner === 'object')
      result[name] = Object.fromEntries(
        Object.entries(inner as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
  return result;
}

/** The credentials remembered under `key`, keeping string fields only; undefined when none are. */
export function readCredentials(storage: Storage | undefined, key: string): Credentials | undefined {
  const stored = storedObject(storage, key);
  return stored && stringsOnly(stored);
}

/** A server choice as kept: its URL as the description writes it, and its variables' values. */
export type ServerChoice = {url: string; variables: Record<string, string>};

/** The server choice remembered under `key`, or undefined. */
export function readServerChoice(storage: Storage | undefined, key: string): ServerChoice | undefined {
  const stored = storedObject(storage, key);
  if (typeof stored?.url !== 'string') return undefined;
  const variables = stringsOnly({variables: stored.variables ?? {}}).variables ?? {};
  return {url: stored.url, variables};
}

/** The choice to keep for `server`: its URL and the value of each of its variables. */
export function serverChoice(server: ServerLike & {url: string}): ServerChoice {
  const variables: Record<string, string> = {};
  for (const [name, variable] of Object.entries(server.variables ?? {}))
    if (typeof variable.default === 'string') variables[name] = variable.default;
  return {url: server.url, variables};
}

/**
 * A sample's source with the address of the server it was written for (`writtenFor`) replaced by the
 * chosen one's, both as a call uses them (serverUrl); unchanged when either has none or they agree.
 */
export function sampleForServer(source: string, writtenFor: ServerLike | undefined, chosen: ServerLike | undefined) {
  const from = serverUrl(writtenFor);
  const to = serverUrl(chosen);
  if (!from || !to || from === to) return source;
  return source.split(from).join(to);
}
