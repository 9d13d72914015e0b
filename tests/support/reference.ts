/**
 * The generated reference as a reader reaches it: each operation's page, and the anchors that its
 * parameters, schema fields and responses must carry (src/components/ReferenceAnchors), both derived
 * from openapi/*.yaml, not from the pages.
 */
import {
  allOperations,
  flattenSchema,
  loadSpec,
  operationRoute,
  type ApiOperation,
  type Document,
  type SchemaNode,
  type SchemaOrRef,
} from '../../lib/openapi';
import {openApiSpecs} from '../../lib/openapi/specs';

export type ReferencePage = {operation: ApiOperation; path: string; title: string};

/** Every operation page, in the order of the descriptions. */
export function operationPages(): ReferencePage[] {
  return allOperations().map((operation) => ({
    operation,
    path: operationRoute(operation),
    title: operation.operation.summary ?? operation.operation.operationId,
  }));
}

/** The landing page of each description. */
export const landingPaths: readonly string[] = openApiSpecs.map((spec) => `/api/api-reference/${spec.referenceId}`);

export type Field = {name: string; anchor: string};

/** Every named field of a schema, nested fields and fields of array items included, with its anchor. */
function fieldsOf(doc: Document, schema: SchemaOrRef | SchemaNode | undefined, prefix: string): Field[] {
  const node = flattenSchema(doc, schema);
  if (!node) return [];
  if (node.properties && Object.keys(node.properties).length > 0) {
    return Object.entries(node.properties).flatMap(([name, child]) => {
      const anchor = `${prefix}-${name}`;
      return [{name, anchor}, ...fieldsOf(doc, child, anchor)];
    });
  }
  return fieldsOf(doc, node.items, prefix);
}

export type Anchors = {parameters: Field[]; body: Field[]; responses: Field[]; responseCodes: Field[]};

/**
 * The anchors a reader can link to on an operation's page: `request-<in>-<name>` for parameters,
 * `request-body-<field>-<field>…` for the request body, `response-<code>` and
 * `response-<code>-<field>…` for each response (the code in lower case: `2xx`).
 */
export function expectedAnchors({operation: page}: ReferencePage): Anchors {
  const doc = loadSpec(page.spec);
  const parameters = page.parameters.map(({name, in: location}) => ({name, anchor: `request-${location}-${name}`}));
  const body = fieldsOf(doc, page.requestBody?.content['application/json']?.schema, 'request-body');
  const responseCodes = Object.keys(page.responses).map((code) => ({
    name: code,
    anchor: `response-${code.toLowerCase()}`,
  }));
  const responses = responseCodes.flatMap(({name: code, anchor}) =>
    fieldsOf(doc, page.responses[code]?.content?.['application/json']?.schema, anchor),
  );
  return {parameters, body, responses, responseCodes};
}

/** The first named example of the operation's JSON request body. */
export function firstBodyExample({operation}: ReferencePage): {name: string; value: unknown} | undefined {
  const [first] = Object.entries(operation.requestBody?.content['application/json']?.examples ?? {});
  return first && {name: first[0], value: 'value' in first[1] ? first[1].value : undefined};
}

/** The success response's code as the description writes it (`2XX`, or a number). */
export function successCode({operation}: ReferencePage): string {
  const code = Object.keys(operation.responses).find((candidate) => candidate.startsWith('2'));
  if (!code) throw new Error(`${operation.operation.operationId} documents no success response`);
  return code;
}
