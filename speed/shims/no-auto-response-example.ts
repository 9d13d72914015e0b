// Stands in for docusaurus-plugin-openapi-docs' createResponseExample on the site: every response of
// openapi/*.yaml carries its own examples, so the schema-generated "Example (auto)" tab (lodash,
// chalk and the plugin's schema code, some 10 KB gzipped per page) is not built. Returning
// undefined makes the theme skip that tab, on the server and in the browser alike.
export function sampleResponseFromSchema(): undefined {
  return undefined;
}
