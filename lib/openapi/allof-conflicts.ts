/**
 * A schema whose `allOf` members give a field schemas that allof-merge cannot merge (GitHub's
 * `workflow_job.run_id`: a number in one member, an integer in the other) has no merged form: the OpenAPI theme merges allOf
 * where it shows a schema (allof-merge), gets no schema for that field, and the page fails to render
 * ("Cannot read properties of undefined (reading 'readOnly')"). In the plugin's copy of the description
 * (lib/openapi/plugin-input.ts) such a schema is given merged as the theme would merge it, each field
 * without a merged form described as such, so that the page shows every other field; each one is said.
 * The description itself, its download, twin and MCP answers keep the schema as written.
 */
import {createRequire} from 'node:module';

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type Node = {[key: string]: Json};

// The theme's own merge, so that what is checked here is what the page will do.
const themeRequire = createRequire(require.resolve('docusaurus-theme-openapi-docs/package.json'));
const {mergeAllOf} = themeRequire('./lib/theme/Schema/normalize') as {mergeAllOf: (schema: unknown) => Node};

/** Runs `merge` without allof-merge's console line per contradiction: each is reported once, below. */
function quietly<T>(merge: () => T): T {
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    return merge();
  } finally {
    console.warn = warn;
  }
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields (dotted paths) of a merged schema that have no schema, each replaced by a note, in place. */
function stubUnmerged(merged: Node, where: string, found: string[]): void {
  for (const key of ['properties', 'patternProperties'] as const) {
    const fields = merged[key];
    if (!isNode(fields)) continue;
    for (const [name, schema] of Object.entries(fields)) {
      const field = where ? `${where}.${name}` : name;
      if (schema === null || schema === undefined) {
        found.push(field);
        fields[name] = {
          description: `Not shown: the schemas that \`allOf\` gives \`${name}\` cannot be merged into one for this page. The description (its download) has them as written.`,
        };
      } else if (isNode(schema)) stubUnmerged(schema, field, found);
    }
  }
  if (isNode(merged.items)) stubUnmerged(merged.items, `${where}[]`, found);
}

/**
 * Mends, in place, every schema of `copy` (the plugin's copy: schemas inlined) whose allOf the theme
 * cannot merge whole; calls `report` with the place (a JSON pointer into the copy) and the fields.
 */
export function mendAllOfConflicts(copy: unknown, report: (pointer: string, fields: string[]) => void): void {
  const seen = new WeakSet<object>();
  const visit = (node: Json, pointer: string) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${pointer}/${index}`));
      return;
    }
    if (Array.isArray(node.allOf) && node.allOf.length > 1) {
      const merged = quietly(() => mergeAllOf(node));
      const fields: string[] = [];
      stubUnmerged(merged, '', fields);
      if (fields.length > 0) {
        for (const key of Object.keys(node)) delete node[key];
        Object.assign(node, merged);
        report(pointer, fields);
      }
    }
    for (const [key, value] of Object.entries(node)) visit(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  visit(copy as Json, '');
}
