/**
 * Every description of an OpenAPI description, made Markdown (lib/openapi/descriptions.ts) and then
 * escaped by the OpenAPI plugin as it writes pages (its `clean`), compiles as MDX: the check that
 * stops docusaurus-openapi-docs #802 (HTML in a description failing the whole build).
 */
import assert from 'node:assert/strict';

import {clean} from 'docusaurus-plugin-openapi-docs/lib/markdown/utils';

import {loadDescription} from '../../lib/openapi';
import {markdownDescription} from '../../lib/openapi/descriptions';

/** Each `description` string of a parsed description, with where it is. */
function* descriptionsOf(value: unknown, where: string): Generator<[string, string]> {
  if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* descriptionsOf(item, `${where}/${index}`);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value))
      if (key === 'description' && typeof child === 'string') yield [`${where}/description`, child];
      else if (key !== 'example' && key !== 'examples') yield* descriptionsOf(child, `${where}/${key}`);
}

/**
 * Compiles every description of `file` that holds a character MDX reads as syntax, as its reference
 * page would hold it; returns how many had HTML.
 */
export async function assertDescriptionsCompile(file: string): Promise<number> {
  // ESM only, with dependencies that only an ES import can load.
  const {compileSync} = await import('@mdx-js/mdx');
  let withHtml = 0;
  for (const [where, description] of descriptionsOf(loadDescription(file), '#')) {
    // Text without these characters is text to MDX as well (compiling Stripe's 8,525 took 28 s on CI).
    if (!/[<>{}&]/.test(description)) continue;
    const markdown = markdownDescription(description);
    if (markdown !== description) withHtml += 1;
    assert.doesNotThrow(
      () => compileSync(clean(markdown)),
      `${file} ${where}: ${JSON.stringify(description).slice(0, 200)}`,
    );
  }
  return withHtml;
}
