/**
 * The generated reference as a reader reaches it: each operation's page, and the anchors that its
 * parameters, schema fields and responses must carry (src/components/ReferenceAnchors), both derived
 * from openapi/*.yaml, not from the pages.
 */
import {operationSlug} from '../../lib/openapi/markdown';
import {openApiSpecs} from '../../lib/openapi/specs';
import {allOperations, loadSpec, type OpenApiDocument, type Operation, type SchemaObject} from './contract';

export type ReferencePage = {operation: Operation; path: string; title: string};

/** Every operation page, in the order of the descriptions. */
export function operationPages(): ReferencePage[] {
  return allOperations().map((operation) => ({
    operation,
    path: `/api/api-reference/${operation.spec.referenceId}/${operationSlug(operation.operation.operationId)}`,
    title: operation.operation.summary ?? operation.operation.operationId,
  }));
}

/** The landing page of each description. */
export const landingPaths: readonly string[] = openApiSpecs.map((spec) => `/api/api-reference/${spec.referenceId}`);

const documents = new Map<string, OpenApiDocument>();
function documentOf(operation: Operation): OpenApiDocument {
  let doc = documents.get(operation.spec.id);
  if (!doc) documents.set(operation.spec.id, (doc = loadSpec(operation.spec)));
  return doc;
}

/** A schema with its `$ref` followed and its `allOf` parts merged, as the reference shows it. */
function resolved(doc: OpenApiDocument, schema: SchemaObject | undefined): SchemaObject | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolved(doc, doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
  const parts = (schema.allOf as SchemaObject[] | undefined)?.map((part) => resolved(doc, part));
  if (!parts) return schema;
  return parts.reduce<SchemaObject>(
    (merged, part) => ({...merged, ...part, properties: {...merged.properties, ...part?.properties}}),
    {...schema, allOf: undefined, properties: {...schema.properties}},
  );
}

export type Field = {name: string; anchor: string};

/** Every named field of a schema, nested fields and fields of array items included, with its anchor. */
function fieldsOf(doc: OpenApiDocument, schema: SchemaObject | undefined, prefix: string): Field[] {
  const node = resolved(doc, schema);
  if (!node) return [];
  if (node.properties && Object.keys(node.properties).length > 0) {
    return Object.entries(node.properties).flatMap(([name, child]) => {
      const anchor = `${prefix}-${name}`;
      return [{name, anchor}, ...fieldsOf(doc, child, anchor)];
    });
  }
  return fieldsOf(doc, node.items as SchemaObject | undefined, prefix);
}

export type Anchors = {parameters: Field[]; body: Field[]; responses: Field[]; responseCodes: Field[]};

/**
 * The anchors a reader can link to on an operation's page: `request-<in>-<name>` for parameters,
 * `request-body-<field>-<field>…` for the request body, `response-<code>` and
 * `response-<code>-<field>…` for each response (the code in lower case: `2xx`).
 */
export function expectedAnchors({operation: page}: ReferencePage): Anchors {
  const doc = documentOf(page);
  const {operation} = page;
  const parameters = page.parameters.map(({name, in: location}) => ({name, anchor: `request-${location}-${name}`}));
  const body = fieldsOf(doc, operation.requestBody?.content['application/json']?.schema, 'request-body');
  const responseCodes = Object.keys(operation.responses).map((code) => ({
    name: code,
    anchor: `response-${code.toLowerCase()}`,
  }));
  const responses = responseCodes.flatMap(({name: code, anchor}) =>
    fieldsOf(doc, operation.responses[code]?.content?.['application/json']?.schema, anchor),
  );
  return {parameters, body, responses, responseCodes};
}

/** The first named example of the operation's JSON request body. */
export function firstBodyExample({operation}: ReferencePage): {name: string; value: unknown} | undefined {
  const [first] = Object.entries(operation.operation.requestBody?.content['application/json']?.examples ?? {});
  return first && {name: first[0], value: first[1].value};
}

/** The success response's code as the description writes it (`2XX`, or a number). */
export function successCode({operation}: ReferencePage): string {
  const code = Object.keys(operation.operation.responses).find((candidate) => candidate.startsWith('2'));
  if (!code) throw new Error(`${operation.operation.operationId} documents no success response`);
  return code;
}
