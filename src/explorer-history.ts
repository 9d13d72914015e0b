// The explorer's history: every call sent from an operation page, kept in the browser's localStorage
// so that a reader can come back to it (src/theme/ApiExplorer/History.tsx). Credentials never reach
// it: each value a reader typed into the authorization fields, and every header, query parameter and
// cookie that carries one, is masked before anything is written.
import {browserStorage} from './explorer-storage';

export const historyKey = 'orchard-explorer-history';
export const maxPerOperation = 20;
export const maxEntries = 200;
/** A request or answer body is kept up to this many bytes (UTF-8), and says that it was cut. */
export const maxKeptBytes = 64 * 1024;
/** What stands where a credential was. */
export const masked = '••••••';

/** A body as kept: its text (cut at maxKeptBytes), or only its size when it is not text. */
export type KeptBody = {text: string; bytes: number; cut: boolean} | {binary: true; bytes: number; type: string};

/** A parameter of the explorer's form as the theme keeps it (its value as the reader set it). */
export type FormParameter = {name: string; in: string; value?: string | string[]} & Record<string, unknown>;

/** The form as it was sent, to put back when the reader chooses the entry. */
export type FormSnapshot = {parameters: FormParameter[]; body?: string; server?: string};

export type HistoryEntry = {
  id: string;
  /** The operation page's path, without a trailing slash. */
  operation: string;
  at: number;
  method: string;
  url: string;
  requestHeaders: [string, string][];
  requestBody?: KeptBody;
  status?: number;
  statusText?: string;
  durationMs?: number;
  size?: number;
  contentType?: string;
  responseHeaders: [string, string][];
  answer?: KeptBody;
  /** Why no answer came (network, CORS, timeout). */
  error?: string;
  form: FormSnapshot;
};

/** Where credentials show up in a call, by the page's security schemes, and the values a reader typed. */
export type Secrets = {values: string[]; headers: string[]; query: string[]; cookies: string[]};

/** Headers that carry credentials whatever the description says. */
const credentialHeaders = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
/** A typed value shorter than this is masked where its name says it is a credential, not everywhere. */
const shortestMaskedValue = 4;

const encoder = new TextEncoder();

/** Basic credentials as they travel: base64 of `user:password` (a value to mask with the others). */
export const basicCredential = (user: string, password: string): string =>
  btoa(String.fromCharCode(...encoder.encode(`${user}:${password}`)));

/** The secrets to look for in a text, each also as a URL carries it; the longest first. */
function secretForms(secrets: Secrets): string[] {
  const forms = new Set<string>();
  for (const value of secrets.values) {
    if (value.length < shortestMaskedValue) continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** `text` with every secret value replaced by the mask. */
export function maskText(text: string, secrets: Secrets): string {
  return secretForms(secrets).reduce((result, secret) => result.split(secret).join(masked), text);
}

/** A cookie header's value with each cookie's value masked. */
const maskCookies = (value: string): string =>
  value
    .split(';')
    .map((cookie) => cookie.replace(/=.*$/s, `=${masked}`))
    .join(';');

/** Headers with the value of every credential-carrying one masked, and secrets masked in the rest. */
export function maskHeaders(headers: [string, string][], secrets: Secrets): [string, string][] {
  const named = new Set([...credentialHeaders, ...secrets.headers.map((name) => name.toLowerCase())]);
  return headers.map(([name, value]) => {
    const lower = name.toLowerCase();
    if (lower === 'cookie' || lower === 'set-cookie') return [name, maskCookies(value)];
    if (lower === 'authorization' || lower === 'proxy-authorization') {
      // The scheme says what kind of credential it was: `Bearer ••••••`.
      const scheme = /^(\w+)\s/.exec(value)?.[1];
      return [name, scheme ? `${scheme} ${masked}` : masked];
    }
    return [name, named.has(lower) ? masked : maskText(value, secrets)];
  });
}

/** A URL with the credential query parameters' values masked, and secrets masked anywhere else. */
export function maskUrl(url: string, secrets: Secrets): string {
  const names = new Set(secrets.query);
  if (!URL.canParse(url)) return maskText(url, secrets);
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()]) if (names.has(name)) parsed.searchParams.set(name, masked);
  return maskText(names.size > 0 ? parsed.href : url, secrets);
}

/** The form with credential values masked: a parameter named as a credential, or holding a typed one. */
export function maskForm(form: FormSnapshot, secrets: Secrets): FormSnapshot {
  const names = new Set([...secrets.headers, ...secrets.query, ...secrets.cookies].map((name) => name.toLowerCase()));
  const maskValue = (value: string) => maskText(value, secrets);
  return {
    ...form,
    parameters: form.parameters.map((parameter) => {
      if (parameter.value === undefined) return parameter;
      if (names.has(parameter.name.toLowerCase())) return {...parameter, value: masked};
      const value = Array.isArray(parameter.value) ? parameter.value.map(maskValue) : maskValue(parameter.value);
      return {...parameter, value};
    }),
    body: form.body === undefined ? undefined : maskText(form.body, secrets),
  };
}

/** `text` cut to at most `maxBytes` of UTF-8 (never inside a character), and whether it was cut. */
export function cutText(text: string, maxBytes = maxKeptBytes): {text: string; bytes: number; cut: boolean} {
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return {text, bytes: bytes.length, cut: false};
  // A continuation byte (10xxxxxx) cannot start a character: step back to the character's first byte.
  let end = maxBytes;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return {text: new TextDecoder().decode(bytes.subarray(0, end)), bytes: bytes.length, cut: true};
}

/** `entries` (oldest first) with `entry` added, keeping the newest maxPerOperation of each operation and maxEntries in all. */
export function withEntry(entries: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  let kept = [...entries, entry];
  const sameOperation = kept.filter((candidate) => candidate.operation === entry.operation);
  if (sameOperation.length > maxPerOperation) {
    const dropped = new Set(sameOperation.slice(0, sameOperation.length - maxPerOperation));
    kept = kept.filter((candidate) => !dropped.has(candidate));
  }
  return kept.slice(Math.max(0, kept.length - maxEntries));
}

/** The operation an entry belongs to: a page's path without its trailing slash. */
export const operationOf = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

function isEntry(value: unknown): value is HistoryEntry {
  const entry = value as Partial<HistoryEntry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'string' &&
    typeof entry.operation === 'string' &&
    typeof entry.at === 'number' &&
    typeof entry.method === 'string' &&
    typeof entry.url === 'string' &&
    Array.isArray(entry.requestHeaders) &&
    Array.isArray(entry.responseHeaders) &&
    typeof entry.form === 'object' &&
    Array.isArray(entry.form?.parameters)
  );
}

/** Every entry kept in `storage`, oldest first; entries it cannot read are left out. */
export function readHistory(storage: Storage | undefined = browserStorage('localStorage')): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(historyKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps `entries` (oldest first). When the browser's quota (about 5 MB) cannot hold them all, the oldest
 * are dropped until it does; returns what was kept.
 */
export function writeHistory(
  entries: HistoryEntry[],
  storage: Storage | undefined = browserStorage('localStorage'),
): HistoryEntry[] {
  if (!storage) return entries;
  for (let kept = entries; ; kept = kept.slice(1)) {
    try {
      if (kept.length === 0) storage.removeItem(historyKey);
      else storage.setItem(historyKey, JSON.stringify(kept));
      return kept;
    } catch {
      if (kept.length === 0) return kept;
    }
  }
}

/** A body a history entry puts back, until the explorer's editor takes it when it mounts again. */
let bodyToRestore: string | undefined;

export function restoreBody(body: string): void {
  bodyToRestore = body;
}

/** The body to put back in the editor (once), or undefined. */
export function takeRestoredBody(): string | undefined {
  const body = bodyToRestore;
  bodyToRestore = undefined;
  return body;
}
