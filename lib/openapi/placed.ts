/**
 * OpenAPI 3.2's operations the OpenAPI plugin cannot read where the description has them, in the
 * plugin's copy (./plugin-input.ts) and given back on the way out (./plugin-options.ts, ./api-page.ts).
 * A module of its own, without imports: docusaurus.config.ts loads the plugin's options.
 */

/**
 * Where the plugin's copy keeps an operation's method and path when the plugin cannot read its method
 * (OpenAPI 3.2's `query`, and the methods of `additionalOperations`: it reads the eight of 3.0 only, and
 * leaves the others out without a word). Such an operation is placed under a method its path leaves
 * free (`post`, else `put`, …), or else as the `post` of a path of its own (its path, `#~` and its
 * method), and given back its method and path before its sidebar item and its page are made
 * (restorePlacedOperation), the request the explorer sends too.
 */
export const placedFor = 'x-orchard-placed-for';

/**
 * An operation of the plugin's output (a page's or a sidebar item's `api`) with the method and path
 * the description gives it, where the copy placed it elsewhere (placedFor); changed in place.
 */
export function restorePlacedOperation(api: {
  method: string;
  path: string;
  extensions?: {key: string}[];
  postman?: {method?: string};
}): void {
  const placed = (api as unknown as Record<string, unknown>)[placedFor] as {method: string; path: string} | undefined;
  if (!placed) return;
  api.method = placed.method;
  api.path = placed.path;
  // The plugin's request for the explorer (postman-collection's), made for the method it was placed under.
  if (api.postman) api.postman.method = placed.method.toUpperCase();
  delete (api as unknown as Record<string, unknown>)[placedFor];
  if (api.extensions) api.extensions = api.extensions.filter(({key}) => key !== placedFor);
}
