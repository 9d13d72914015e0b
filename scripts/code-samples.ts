/**
 * Build-time code samples for the API reference: for every operation, its documented example request
 * in curl, Python, JavaScript and Go, generated with postman-code-generators (the library the
 * reference used to run in the browser, where it cost 1.6 MB of gzipped JavaScript per page).
 * The key is read from the ORCHARD_API_KEY environment variable, as in every sample on the site.
 * Our descriptions give every example a sample needs (redocly.yaml); another description may not: a
 * path parameter without one stays a `{placeholder}`, a description without a server gets a
 * placeholder host, and either is named in a first comment line saying what to replace. A body with
 * no example is made from its schema (Redocly's openapi-sampler).
 */
import codegen from 'postman-code-generators';
import {Request, type RequestBodyDefinition} from 'postman-collection';
import {sample} from 'openapi-sampler';

import {
  bracketedFields,
  parameterExample,
  placeholderHost,
  resolve,
  type ApiOperation,
  type Document,
  type MediaTypeObject,
  type ParameterObject,
  type SchemaNode,
} from '../lib/openapi';
import {apiKeyVariable, sampleLanguages, type CodeSample} from '../src/code-samples';

/** What a sample is made of: one operation's call, its parameters and body examples, its credentials. */
export type SampleRequest = Pick<
  ApiOperation,
  'method' | 'url' | 'parameters' | 'requestBody' | 'keyHeaders' | 'credentials'
>;

/** The host a sample calls when the description names no server (lib/openapi). */
export {placeholderHost};

// Stands for the key in the generated code, then becomes an environment variable read per language.
const keyToken = `{{${apiKeyVariable}}}`;

/** The postman-code-generators language and variant that writes each sample language. */
const generators: Record<CodeSample['lang'], {language: string; variant: string; options: Record<string, unknown>}> = {
  Shell: {language: 'curl', variant: 'cURL', options: {followRedirect: false, longFormat: false}},
  Python: {language: 'python', variant: 'Requests', options: {}},
  JavaScript: {language: 'javascript', variant: 'Fetch', options: {}},
  Go: {language: 'go', variant: 'Native', options: {}},
};
const targets = sampleLanguages.map(({lang, label}) => ({lang, label, ...generators[lang]}));

/**
 * Replaces the key token with the language's way of reading the key variable from the environment;
 * a token after a prefix (`Bearer `) is joined to it.
 */
function readKeyFromEnvironment(lang: CodeSample['lang'], source: string): string {
  // A token left inside a string (a key in the query) ends the string, reads the variable, starts it again.
  const rest = (closeAndJoin: string) => source.replaceAll(keyToken, closeAndJoin);
  switch (lang) {
    case 'Shell':
      // Double quotes so the shell expands the variable.
      source = source.replace(new RegExp(`'([\\w-]+): ([\\w ]*)${keyToken}'`, 'g'), `"$1: $2$${apiKeyVariable}"`);
      return rest(`'"$${apiKeyVariable}"'`);
    case 'Python':
      source = source
        .replaceAll(`'${keyToken}'`, `os.environ["${apiKeyVariable}"]`)
        .replace(new RegExp(`'([\\w ]+)${keyToken}'`, 'g'), `'$1' + os.environ["${apiKeyVariable}"]`);
      return `import os\n${rest(`" + os.environ["${apiKeyVariable}"] + "`)}`;
    case 'JavaScript':
      source = source
        .replaceAll(`"${keyToken}"`, `process.env.${apiKeyVariable}`)
        .replace(new RegExp(`"([\\w ]+)${keyToken}"`, 'g'), `"$1" + process.env.${apiKeyVariable}`);
      return rest(`" + process.env.${apiKeyVariable} + "`);
    case 'Go':
      source = source
        .replace('import (\n', 'import (\n  "os"\n')
        .replaceAll(`"${keyToken}"`, `os.Getenv("${apiKeyVariable}")`)
        .replace(new RegExp(`"([\\w ]+)${keyToken}"`, 'g'), `"$1" + os.Getenv("${apiKeyVariable}")`);
      return rest(`" + os.Getenv("${apiKeyVariable}") + "`);
  }
}

/** A comment line in the sample's language. */
function comment(lang: CodeSample['lang'], text: string): string {
  return `${lang === 'Shell' || lang === 'Python' ? '#' : '//'} ${text}`;
}

function convert(target: (typeof targets)[number], request: Request): Promise<string> {
  return new Promise((resolve, reject) => {
    codegen.convert(target.language, target.variant, request, target.options, (error: unknown, snippet: string) => {
      if (error) reject(new Error(`${target.label} sample: ${String(error)}`));
      else resolve(snippet);
    });
  });
}

/** The value a body sample sends: its first example, else one made from its schema. */
function bodyValue(doc: Document | undefined, media: MediaTypeObject): unknown {
  const firstExample = Object.values(media.examples ?? {})[0];
  const example: unknown = media.example ?? (firstExample && 'value' in firstExample ? firstExample.value : undefined);
  if (example !== undefined || !media.schema) return example;
  // openapi-sampler follows the document's $refs, stops at recursion, and takes oneOf's first alternative.
  try {
    return sample(media.schema as Parameters<typeof sample>[0], {skipReadOnly: true, quiet: true}, doc);
  } catch {
    // A $ref it cannot follow (to a schema's $id or an anchor): the reader fills the body in.
    return undefined;
  }
}

/** The body a sample sends in the request's first media type, as Postman describes one. */
function requestBodyOf(
  doc: Document | undefined,
  requestBody: SampleRequest['requestBody'],
): {contentType: string; body: RequestBodyDefinition} | undefined {
  const [contentType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
  if (!contentType || !media) return undefined;
  const value = bodyValue(doc, media);
  // A form field holding an object or list in brackets where its encoding says deepObject (Stripe's
  // way: `key[sub]=…`, `key[]=…`, `key[0][sub]=…`), else the value as JSON.
  const fields = () =>
    Object.entries(typeof value === 'object' && value !== null ? value : {}).flatMap(([key, field]) =>
      media.encoding?.[key]?.style === 'deepObject'
        ? bracketedFields(key, field)
        : [{key, value: typeof field === 'string' ? field : JSON.stringify(field)}],
    );
  if (contentType === 'application/x-www-form-urlencoded')
    return {contentType, body: {mode: 'urlencoded', urlencoded: fields()}};
  // The multipart boundary is the client's to choose: no Content-Type header of ours. A binary part is a file.
  if (contentType === 'multipart/form-data') {
    const schema = doc && media.schema ? resolve<SchemaNode>(doc, media.schema as SchemaNode) : undefined;
    const isFile = (name: string) => {
      const part = schema?.properties?.[name];
      const resolved = doc && part ? resolve<SchemaNode & {contentMediaType?: string}>(doc, part) : undefined;
      return resolved?.format === 'binary' || resolved?.contentMediaType !== undefined;
    };
    const formdata = fields().map(({key, value: text}) =>
      isFile(key) ? {key, type: 'file' as const, src: 'path/to/file'} : {key, type: 'text' as const, value: text},
    );
    return {contentType: '', body: {mode: 'formdata', formdata}};
  }
  if (/json/.test(contentType) || (value !== undefined && typeof value !== 'string'))
    return {
      contentType,
      body: {mode: 'raw', raw: JSON.stringify(value ?? {}, null, 2), options: {raw: {language: 'json'}}},
    };
  // Binary or text: the file to send.
  return {contentType, body: {mode: 'file', file: {src: 'path/to/file'}}};
}

/**
 * The samples of one operation, from its documented examples (`doc`: the description the operation
 * is in, for the `$ref`s of a body made from its schema).
 */
export async function codeSamples(
  {method, url, parameters, requestBody, keyHeaders, credentials}: SampleRequest,
  doc?: Document,
): Promise<CodeSample[]> {
  const exampleOf = (parameter: ParameterObject) => parameterExample(doc, parameter);
  const placeholders: string[] = [];
  const filledPath = url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    const example = parameter && exampleOf(parameter);
    if (example !== undefined) return encodeURIComponent(String(example));
    placeholders.push(whole);
    return whole;
  });
  const hostless = !/^https?:\/\//.test(filledPath);
  const filledUrl = hostless ? `${placeholderHost}${filledPath.startsWith('/') ? '' : '/'}${filledPath}` : filledPath;
  const query = [
    ...parameters
      .filter((parameter) => parameter.in === 'query' && exampleOf(parameter) !== undefined)
      .map((parameter) => `${parameter.name}=${encodeURIComponent(String(exampleOf(parameter)))}`),
    ...credentials
      .filter((credential) => credential.in === 'query')
      .map((credential) => `${credential.name}=${keyToken}`),
  ];
  const body = requestBodyOf(doc, requestBody);
  // Our key headers as ever; any other credential (a bearer token, a cookie) after them.
  const otherCredentials = credentials.filter(
    (credential) => !(credential.in === 'header' && keyHeaders.includes(credential.name)),
  );
  const request = new Request({
    url: `${filledUrl}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    method: method.toUpperCase(),
    header: [
      ...(body?.contentType ? [{key: 'Content-Type', value: body.contentType}] : []),
      ...keyHeaders.map((name) => ({key: name, value: keyToken})),
      ...otherCredentials
        .filter((credential) => credential.in === 'header')
        .map((credential) => ({key: credential.name, value: `${credential.prefix}${keyToken}`})),
      ...otherCredentials
        .filter((credential) => credential.in === 'cookie')
        .map((credential) => ({key: 'Cookie', value: `${credential.name}=${keyToken}`})),
    ],
    ...(body ? {body: body.body} : {}),
  });
  const toReplace = [...(hostless ? [placeholderHost] : []), ...placeholders];
  const note =
    toReplace.length === 0
      ? undefined
      : `Replace ${toReplace.join(' and ')} with ${hostless ? "the API's host (the description names none)" : 'your values'}${hostless && placeholders.length > 0 ? ' and your values' : ''}.`;
  return Promise.all(
    targets.map(async (target) => {
      const source = readKeyFromEnvironment(target.lang, (await convert(target, request)).trim());
      return {
        lang: target.lang,
        label: target.label,
        source: note ? `${comment(target.lang, note)}\n${source}` : source,
      };
    }),
  );
}
