/**
 * The calls an API makes rather than answers: the webhooks of a 3.1 description and the callbacks of
 * any operation, read from a loaded description (./document.ts), and the copy of a description the
 * plugin makes its pages from, in which each callback becomes a webhook with a page of its own.
 */
import type {OpenAPIV3_1} from 'openapi-types';
import camelCase from 'lodash/camelCase';

import {
  bodyAndResponses,
  isReference,
  nameAlternatives,
  operationEntries,
  operationRoute,
  operationsOf,
  operationSlug,
  resolve,
  unusedId,
  webhookPageName,
  type ApiOperation,
  type Document,
  type HttpMethod,
  type ResponseObject,
} from './document';
import {boundedSample} from './schema-sample';
import type {OpenApiSpec} from './specs';

/**
 * One webhook of a 3.1 description (`webhooks`): a call the API makes to the reader's server, with
 * the payload it sends and the answers it expects. Its page's name is the plugin's: its operationId,
 * else its summary, else the event's name.
 */
export type WebhookEvent = {
  spec: OpenApiSpec;
  event: string;
  /** Its page's title, as the plugin writes it: its summary, else its operationId, else the event. */
  title: string;
  method: HttpMethod;
  operation: OpenAPIV3_1.OperationObject;
  requestBody?: OpenAPIV3_1.RequestBodyObject;
  responses: Record<string, ResponseObject>;
  /** The site path of its reference page. */
  route: string;
};

/** Every webhook of one description, in the order it lists them. */
export function webhooksOf(spec: OpenApiSpec, doc: Document): WebhookEvent[] {
  // A webhook may be a `$ref` to a path item of the components (3.1's `components.pathItems`).
  return Object.entries(doc.webhooks ?? {}).flatMap(([event, item]) =>
    operationEntries<OpenAPIV3_1.OperationObject>(isReference(item) ? resolve<object>(doc, item) : item).flatMap(
      ([method, operation]) => {
          // A callback given a page in the generated copy (pagesCopy) is read by callbacksOf.
          if (callbackMark in operation) return [];
          return [
            {
              spec,
              event,
              title: operation.summary ?? operation.operationId ?? event,
              method,
              operation,
              ...bodyAndResponses(doc, operation),
              route: `/api/api-reference/${spec.referenceId}/${webhookPageName(operation, event)}`,
            },
          ];
      },
    ),
  );
}

/**
 * One callback of an operation (3.0 and 3.1 `callbacks`): a request the API makes to a URL the
 * caller gave in its request (`expression`, a runtime expression such as
 * `{$request.query.callbackUrl}/data`), with its payload and the answers it expects. Its page is
 * named by the callback's operationId, else by its operation's and the callback's names.
 */
export type CallbackEvent = WebhookEvent & {
  callback: {
    /** The operation whose request sets the callback up. */
    of: ApiOperation;
    /** The callback's name in that operation's `callbacks`. */
    name: string;
    expression: string;
    /** The name of its page, unique among the description's pages. */
    operationId: string;
  };
};

/** The extension that marks a callback presented as a webhook in the generated copy (pagesCopy). */
const callbackMark = 'x-callback-of';

/** Every callback of one description's operations, in the order of the operations. */
export function callbacksOf(
  spec: OpenApiSpec,
  doc: Document,
  operations: readonly ApiOperation[] = operationsOf(spec, doc),
): CallbackEvent[] {
  const taken = new Set([
    ...operations.map(({operation}) => operationSlug(operation.operationId)),
    ...webhooksOf(spec, doc).map(({route}) => route.split('/').pop()!),
  ]);
  return operations.flatMap((of) =>
    Object.entries(of.operation.callbacks ?? {}).flatMap(([name, callback]) =>
      Object.entries(resolve<OpenAPIV3_1.CallbackObject>(doc, callback)).flatMap(([expression, pathItem]) => {
        const item = resolve<OpenAPIV3_1.PathItemObject>(doc, pathItem);
        return operationEntries<OpenAPIV3_1.OperationObject>(item).flatMap(([method, operation]) => {
          const own = operation.operationId;
          const operationId =
            own && !taken.has(operationSlug(own)) ? own : unusedId(camelCase(`${of.operation.operationId} ${name} callback`), taken);
          taken.add(operationSlug(operationId));
          return [
            {
              spec,
              event: name,
              title: `Callback: ${operation.summary ?? name}`,
              method,
              operation,
              ...bodyAndResponses(doc, operation),
              route: `/api/api-reference/${spec.referenceId}/${operationSlug(operationId)}`,
              callback: {of, name, expression, operationId},
            },
          ];
        });
      }),
    ),
  );
}

/**
 * The sidebar group of an operation without tags: its path's first segment, past a version
 * (`/v1/chat/completions` and `/2.0/users/{username}` are in `chat` and `users`), else `/`.
 */
export function pathGroup(pathName: string): string {
  const segments = pathName.split(/[/?#]/).filter(Boolean);
  return segments.find((segment) => !/^v?\d+(\.\d+)*$/i.test(segment) && !segment.startsWith('{')) ?? segments[0] ?? '/';
}

/**
 * Readies the copy of a description the plugin makes its pages from (its generated copy): an
 * operation without tags is tagged with its path's group (the plugin lists it under UNTAGGED), a
 * webhook without tags with "Webhooks", and each callback, which the plugin shows only as a tab of
 * its operation's page, becomes a webhook of its own (the plugin gives webhooks pages), in its
 * operation's groups, whose description says whose callback it is and where it is sent.
 */
export function pagesCopy(spec: OpenApiSpec, doc: Document): CallbackAsWebhook[] {
  nameAlternatives(doc);
  const operations = operationsOf(spec, doc);
  const labels = labelTags(doc);
  // OpenAPI 3.2's tag `summary` is its name for display, as the plugin reads Redoc's `x-displayName`.
  for (const tag of (doc.tags ?? []) as {summary?: unknown; 'x-displayName'?: unknown}[])
    if (typeof tag.summary === 'string' && tag.summary.trim() && tag['x-displayName'] === undefined) tag['x-displayName'] = tag.summary;
  const webhooks = webhooksOf(spec, doc);
  for (const {operation} of [...operations, ...webhooks]) asLabels(operation, labels);
  for (const {operation, path: pathName} of operations)
    if (!operation.tags?.length) operation.tags = [pathGroup(pathName)];
  for (const {operation} of webhooks) {
    if (!operation.tags?.length) operation.tags = ['Webhooks'];
    operation.requestBody = withSamplePayload(doc, operation.requestBody);
  }
  return addCallbacksAsWebhooks(spec, doc, operations);
}

/** Where an operation of the pages' copy keeps its tags that are labels, not groups (labelTags). */
export const tagLabels = 'x-tag-labels';

/** A tag an operation's page shows as a label beside its method: its name, kind and summary. */
export type TagLabel = {name: string; kind: string; summary?: string};

/**
 * OpenAPI 3.2's tags whose `kind` says they are not navigation (`badge`, `audience`, in the
 * Initiative's registry of kinds, or any other kind but `nav`): shown as labels, by name.
 */
function labelTags(doc: Document): Map<string, TagLabel> {
  const tags = (doc.tags ?? []) as {name?: unknown; kind?: unknown; summary?: unknown}[];
  return new Map(
    tags.flatMap((tag) =>
      typeof tag.name === 'string' && typeof tag.kind === 'string' && tag.kind !== 'nav'
        ? [[tag.name, {name: tag.name, kind: tag.kind, ...(typeof tag.summary === 'string' ? {summary: tag.summary} : {})}]]
        : [],
    ),
  );
}

/** An operation's label tags moved out of its `tags` (which group the sidebar) into tagLabels. */
function asLabels(operation: OpenAPIV3_1.OperationObject, labels: ReadonlyMap<string, TagLabel>): void {
  const shown = (operation.tags ?? []).flatMap((name) => labels.get(name) ?? []);
  if (shown.length === 0) return;
  (operation as Record<string, unknown>)[tagLabels] = shown;
  operation.tags = operation.tags!.filter((name) => !labels.has(name));
}

/** A callback as addCallbacksAsWebhooks adds it: its key among the webhooks, and the operation there. */
export type CallbackAsWebhook = {key: string; method: HttpMethod; callback: CallbackEvent; operation: OpenAPIV3_1.OperationObject};

/**
 * Each callback added to the description's webhooks under its page's operationId (the sandbox
 * receives it there as it receives a webhook), marked `x-callback-of`, its description saying whose
 * callback it is and where it is sent.
 */
export function addCallbacksAsWebhooks(
  spec: OpenApiSpec,
  doc: Document,
  operations: readonly ApiOperation[] = operationsOf(spec, doc),
): CallbackAsWebhook[] {
  const callbacks = callbacksOf(spec, doc, operations);
  if (callbacks.length === 0) return [];
  doc.webhooks ??= {};
  const added: CallbackAsWebhook[] = [];
  for (const event of callbacks) {
    const {callback, operation, method, title, requestBody} = event;
    const parent = callback.of;
    const link = `[${(parent.operation.summary ?? parent.operation.operationId).replace(/[[\]\\]/g, '\\$&')}](${operationRoute(parent)})`;
    const intro =
      `Callback \`${callback.name}\` of ${link} (\`${parent.method.toUpperCase()} ${parent.path}\`): ` +
      `the API sends \`${method.toUpperCase()}\` requests to \`${callback.expression}\`.`;
    let key = callback.operationId;
    while (key in doc.webhooks) key = `${key} callback`;
    const asWebhook: OpenAPIV3_1.OperationObject & {[callbackMark]: object} = {
      ...operation,
      operationId: callback.operationId,
      summary: title,
      description: [intro, operation.description].filter(Boolean).join('\n\n'),
      tags: parent.operation.tags,
      requestBody: withSamplePayload(doc, requestBody),
      [callbackMark]: {operationId: parent.operation.operationId, name: callback.name, expression: callback.expression, method},
    };
    doc.webhooks[key] = {[method]: asWebhook};
    added.push({key, method, callback: event, operation: asWebhook});
  }
  return added;
}

/** The name of an example made from a schema, as a page and a twin show it. */
const sampleTitle = 'Made from the schema';

/**
 * A payload the API sends, with an example made from its schema where it has none: the page shows
 * documented examples only (speed/shims/no-auto-response-example.ts), and a webhook or callback page
 * should show what arrives.
 */
export function withSamplePayload(
  doc: Document,
  body: OpenAPIV3_1.RequestBodyObject | OpenAPIV3_1.ReferenceObject | undefined,
): OpenAPIV3_1.RequestBodyObject | undefined {
  if (!body) return undefined;
  const resolved = resolve<OpenAPIV3_1.RequestBodyObject>(doc, body);
  const content = Object.entries(resolved.content ?? {}).map(([type, media]) => {
    if (media.example !== undefined || media.examples || !media.schema) return [type, media];
    try {
      // openapi-sampler follows the document's $refs, stops at recursion, and takes oneOf's first alternative.
      // Bounded in size (lib/openapi/schema-sample.ts); a payload too large even at its shallowest: none.
      const {value} = boundedSample(media.schema, {quiet: true}, doc);
      if (value === undefined) return [type, media];
      return [type, {...media, examples: {[sampleTitle]: {summary: sampleTitle, value}}}];
    } catch {
      // A $ref it cannot follow (to a schema's $id): the schema alone.
      return [type, media];
    }
  });
  return {...resolved, content: Object.fromEntries(content)};
}
