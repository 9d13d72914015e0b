// The request the explorer sends carries no placeholder credentials: with the key field empty, the
// theme sent `x-public-key: <x-public-key>` (and `Bearer <TOKEN>` for tokens). The explorer's form
// says a key is needed instead (src/theme/ApiExplorer/Authorization).
import buildPostmanRequest from '@theme-original/ApiExplorer/buildPostmanRequest';

type Entry = {key?: string; value?: unknown};
type PostmanRequest = {
  headers: {remove(predicate: (entry: Entry) => boolean): void};
  url: {query: {remove(predicate: (entry: Entry) => boolean): void}};
};

/** The stand-ins the theme writes where a credential is missing: `<x-public-key>`, `Bearer <TOKEN>`. */
function isPlaceholder({key, value}: Entry): boolean {
  return value === `<${key}>` || value === 'Bearer <TOKEN>' || (typeof value === 'string' && /^<[^<>]*>$/.test(value));
}

export default function buildRequestWithoutPlaceholders(
  ...args: Parameters<typeof buildPostmanRequest>
): ReturnType<typeof buildPostmanRequest> {
  const request = buildPostmanRequest(...args) as PostmanRequest;
  request.headers.remove(isPlaceholder);
  request.url.query.remove(isPlaceholder);
  return request as ReturnType<typeof buildPostmanRequest>;
}
