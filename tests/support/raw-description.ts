/**
 * An OpenAPI description read as plain JSON, apart from lib/openapi's loader: what the fixture tables
 * (the SOURCES.md of each folder of tests/fixtures/) say of each file is checked by code that shares
 * nothing with the site's.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const entriesOf = (value: unknown) => Object.entries(isRecord(value) ? value : {});

/** Follows a local `$ref` (`#/components/...`) to what it points at; anything else is returned as is. */
export function resolveRaw(root: unknown, value: unknown): unknown {
  let current = value;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string' && hops < 16; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    current = ref
      .slice(2)
      .split('/')
      .map((token) => decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), root);
  }
  return current;
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
