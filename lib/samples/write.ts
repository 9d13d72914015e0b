/**
 * Build-time code samples for the API reference: for every operation, its documented example request
 * in curl, Python, JavaScript and Go, generated with postman-code-generators (the library the
 * reference used to run in the browser, where it cost megabytes of gzipped JavaScript per page).
 * The key is read from an environment variable: ORCHARD_API_KEY for ours, as in every sample on the
 * site, another provider's named for its API (keyVariableOf in lib/openapi/specs.ts).
 * Our descriptions give every example a sample needs (redocly.yaml); another description may not: a
 * path parameter without one stays a `{placeholder}`, a description without a server gets a
 * placeholder host, and either is named in a first comment line saying what to replace. A body with
 * no example is made from its schema (Redocly's openapi-sampler). An operation whose answer streams
 * (server-sent events, JSON lines) gets samples that ask for the stream (Accept, and `"stream": true`
 * where the body has that switch) and print each event as it arrives: curl -N; Python and Go read the
 * stream line by line with their standard libraries; JavaScript parses server-sent events with
 * eventsource-parser.
 */
import codegen from 'postman-code-generators';
import {Request, type RequestBodyDefinition} from 'postman-collection';

import {
  bracketedFields,
  documentedSuccess,
  flattenSchema,
  parameterExample,
  placeholderHost,
  resolve,
  type ApiOperation,
  type Document,
  type MediaTypeObject,
  type ParameterObject,
  type SchemaNode,
} from '../openapi';
import {boundedSample} from '../openapi/schema-sample';
import {keyVariableOf} from '../openapi/specs';
import {apiKeyVariable, sampleLanguages, type CodeSample} from '../../src/code-samples';
import {framingOf, type Framing} from '../../src/stream-events';

/** What a sample is made of: one operation's call, its parameters and body examples, its credentials. */
export type SampleRequest = Pick<
  ApiOperation,
  'method' | 'url' | 'parameters' | 'requestBody' | 'keyHeaders' | 'credentials'
> &
  Partial<Pick<ApiOperation, 'responses'>> & {
    /** The API the call is of, for the variable its key is read from (keyVariableOf); ours without it. */
    spec?: Parameters<typeof keyVariableOf>[0];
  };

/** The host a sample calls when the description names no server (lib/openapi). */
export {placeholderHost};

// Stands for the key in the generated code, then becomes an environment variable read per language.
const keyToken = '{{apiKey}}';

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
function readKeyFromEnvironment(lang: CodeSample['lang'], source: string, variable: string): string {
  // A token left inside a string (a key in the query) ends the string, reads the variable, starts it again.
  const rest = (closeAndJoin: string) => source.replaceAll(keyToken, closeAndJoin);
  switch (lang) {
    case 'Shell':
      // Double quotes so the shell expands the variable.
      source = source.replace(new RegExp(`'([\\w-]+): ([\\w ]*)${keyToken}'`, 'g'), `"$1: $2$${variable}"`);
      return rest(`'"$${variable}"'`);
    case 'Python':
      source = source
        .replaceAll(`'${keyToken}'`, `os.environ["${variable}"]`)
        .replace(new RegExp(`'([\\w ]+)${keyToken}'`, 'g'), `'$1' + os.environ["${variable}"]`);
      return `import os\n${rest(`" + os.environ["${variable}"] + "`)}`;
    case 'JavaScript':
      source = source
        .replaceAll(`"${keyToken}"`, `process.env.${variable}`)
        .replace(new RegExp(`"([\\w ]+)${keyToken}"`, 'g'), `"$1" + process.env.${variable}`);
      return rest(`" + process.env.${variable} + "`);
    case 'Go':
      // Go refuses an import it does not use: "os" only where the key is read.
      if (!source.includes(keyToken)) return source;
      source = source
        .replace('import (\n', 'import (\n  "os"\n')
        .replaceAll(`"${keyToken}"`, `os.Getenv("${variable}")`)
        .replace(new RegExp(`"([\\w ]+)${keyToken}"`, 'g'), `"$1" + os.Getenv("${variable}")`);
      return rest(`" + os.Getenv("${variable}") + "`);
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

/**
 * The value a body sample sends: its first example, else one made from its schema (bounded in size:
 * `shortenedAt` is the depth it stops at when the whole one is too large).
 */
function bodyValue(doc: Document | undefined, media: MediaTypeObject): {value: unknown; shortenedAt?: number} {
  const firstExample = Object.values(media.examples ?? {})[0];
  const example: unknown = media.example ?? (firstExample && 'value' in firstExample ? firstExample.value : undefined);
  if (example !== undefined || !media.schema) return {value: example};
  // openapi-sampler follows the document's $refs, stops at recursion, and takes oneOf's first alternative.
  try {
    return boundedSample(media.schema, {skipReadOnly: true, quiet: true}, doc);
  } catch {
    // A $ref it cannot follow (to a schema's $id or an anchor): the reader fills the body in.
    return {value: undefined};
  }
}

/** The body a sample sends in the request's first media type, as Postman describes one. */
function requestBodyOf(
  doc: Document | undefined,
  requestBody: SampleRequest['requestBody'],
  streamSwitchedOn = false,
): {contentType: string; body: RequestBodyDefinition; shortenedAt?: number} | undefined {
  const [contentType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
  if (!contentType || !media) return undefined;
  const {value: example, shortenedAt} = bodyValue(doc, media);
  // The body of a sample that reads the stream asks for it.
  const value =
    streamSwitchedOn && typeof example === 'object' && example !== null ? {...example, stream: true} : example;
  // A form field holding an object or list in brackets where its encoding says deepObject (Stripe's
  // way: `key[sub]=…`, `key[]=…`, `key[0][sub]=…`), else the value as JSON.
  const fields = () =>
    Object.entries(typeof value === 'object' && value !== null ? value : {}).flatMap(([key, field]) =>
      media.encoding?.[key]?.style === 'deepObject'
        ? bracketedFields(key, field)
        : [{key, value: typeof field === 'string' ? field : JSON.stringify(field)}],
    );
  if (contentType === 'application/x-www-form-urlencoded')
    return {contentType, body: {mode: 'urlencoded', urlencoded: fields()}, shortenedAt};
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
    return {contentType: '', body: {mode: 'formdata', formdata}, shortenedAt};
  }
  if (/json/.test(contentType) || (value !== undefined && typeof value !== 'string'))
    return {
      contentType,
      body: {mode: 'raw', raw: JSON.stringify(value ?? {}, null, 2), options: {raw: {language: 'json'}}},
      shortenedAt,
    };
  // Binary or text: the file to send.
  return {contentType, body: {mode: 'file', file: {src: 'path/to/file'}}};
}

/** A streamed answer a sample reads: its media type, its framing, and whether the body switches it on. */
type StreamRead = {mediaType: string; framing: Framing; switchedOn: boolean};

/**
 * The stream an operation's success answers with, if it streams: the first streamed media type of its
 * first 2xx (else `default`) response. A body with a boolean `stream` field (OpenAI's, Mistral's way of
 * choosing between the whole answer and the stream) is sent with it set to true.
 */
function streamToRead(doc: Document | undefined, {responses = {}, requestBody}: SampleRequest): StreamRead | undefined {
  const [, success] = documentedSuccess(responses) ?? [];
  const mediaType = Object.keys(success?.content ?? {}).find((type) => framingOf(type));
  if (!mediaType) return undefined;
  const [, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
  const schema = doc && media?.schema ? flattenSchema(doc, media.schema) : (media?.schema as SchemaNode | undefined);
  const field = schema?.properties?.stream;
  const switchedOn =
    !!field && (doc ? resolve<SchemaNode>(doc, field as SchemaNode) : (field as SchemaNode)).type === 'boolean';
  return {mediaType, framing: framingOf(mediaType)!, switchedOn};
}

/** Fails generation, naming what changed, when postman-code-generators no longer writes what a stream's sample rewrites. */
function rewritten(
  lang: CodeSample['lang'],
  source: string,
  pattern: RegExp,
  replacement: (match: string, ...groups: string[]) => string,
): string {
  if (!pattern.test(source))
    throw new Error(
      `${lang} sample of a streamed answer: postman-code-generators no longer writes ${String(pattern)}; update lib/samples/write.ts`,
    );
  return source.replace(pattern, replacement);
}

/** A generated sample rewritten to read a streamed answer and print each event as it arrives. */
function readingStream(lang: CodeSample['lang'], source: string, {framing}: StreamRead): string {
  const events = framing === 'server-sent events';
  switch (lang) {
    case 'Shell':
      // -N: curl prints what arrives at once instead of filling its buffer first.
      return rewritten(lang, source, /^curl /, () => 'curl -N ');
    case 'Python': {
      const streaming = rewritten(
        lang,
        source,
        /^(response = requests\.request\(.*)\)$/m,
        (_, call) => `${call}, stream=True)`,
      );
      const reader = events
        ? [
            '# Server-sent events: each message is an `event:` line (where named) and `data:` lines, then a blank line.',
            'response.encoding = "utf-8"',
            'event, data = None, []',
            'for line in response.iter_lines(chunk_size=None, decode_unicode=True):',
            '  if line.startswith("event:"):',
            '    event = line[len("event:"):].strip()',
            '  elif line.startswith("data:"):',
            '    data.append(line[len("data:"):].removeprefix(" "))',
            '  elif not line and data:',
            '    print(event or "message", "\\n".join(data), flush=True)',
            '    event, data = None, []',
          ]
        : [
            '# One JSON object a line.',
            'for line in response.iter_lines(chunk_size=None, decode_unicode=True):',
            '  if line.strip():',
            '    print(json.loads(line), flush=True)',
          ];
      const withJson =
        /^import json$/m.test(streaming) || events
          ? streaming
          : streaming.replace(/^import requests$/m, 'import requests\nimport json');
      return rewritten(lang, withJson, /^print\(response\.text\)$/m, () => reader.join('\n'));
    }
    case 'JavaScript': {
      const url = /^fetch\(("[^"\n]*"), requestOptions\)/m.exec(source)?.[1] ?? '';
      const reader = events
        ? [
            `const response = await fetch(${url}, requestOptions);`,
            'const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());',
            'for await (const event of events) {',
            '  console.log(event.event ?? "message", event.data);',
            '}',
          ]
        : [
            `const response = await fetch(${url}, requestOptions);`,
            '// One JSON object a line: a line is whole once its newline has arrived.',
            'let rest = "";',
            'for await (const text of response.body.pipeThrough(new TextDecoderStream())) {',
            '  const lines = (rest + text).split("\\n");',
            '  rest = lines.pop();',
            '  for (const line of lines) if (line.trim()) console.log(JSON.parse(line));',
            '}',
          ];
      const reading = rewritten(
        lang,
        source,
        /^fetch\("[^"\n]*", requestOptions\)\n(?:\s+\..*(?:\n|$))+/m,
        () => `${reader.join('\n')}\n`,
      );
      return events
        ? `// npm install eventsource-parser\nimport {EventSourceParserStream} from "eventsource-parser/stream";\n\n${reading}`.trimEnd()
        : reading.trimEnd();
    }
    case 'Go': {
      const reader = [
        '  scanner := bufio.NewScanner(res.Body)',
        '  scanner.Buffer(make([]byte, 64*1024), 1024*1024)',
        ...(events
          ? [
              '  // Server-sent events: each message is an `event:` line (where named) and `data:` lines, then a blank line.',
              '  event, data := "message", []string{}',
              '  for scanner.Scan() {',
              '    line := scanner.Text()',
              '    switch {',
              '    case strings.HasPrefix(line, "event:"):',
              '      event = strings.TrimSpace(strings.TrimPrefix(line, "event:"))',
              '    case strings.HasPrefix(line, "data:"):',
              '      data = append(data, strings.TrimPrefix(strings.TrimPrefix(line, "data:"), " "))',
              '    case line == "" && len(data) > 0:',
              '      fmt.Println(event, strings.Join(data, "\\n"))',
              '      event, data = "message", nil',
              '    }',
              '  }',
            ]
          : [
              '  // One JSON object a line.',
              '  for scanner.Scan() {',
              '    if line := scanner.Text(); strings.TrimSpace(line) != "" {',
              '      fmt.Println(line)',
              '    }',
              '  }',
            ]),
        '  if err := scanner.Err(); err != nil {',
        '    fmt.Println(err)',
        '  }',
      ].join('\n');
      let reading = rewritten(
        lang,
        source,
        /^ {2}body, err := io\.ReadAll\(res\.Body\)\n {2}if err != nil \{\n {4}fmt\.Println\(err\)\n {4}return\n {2}\}\n {2}fmt\.Println\(string\(body\)\)$/m,
        () => reader,
      );
      // Go refuses an import it does not use: io goes, bufio and strings come.
      if (!/\bio\./.test(reading)) reading = reading.replace(/^ {2}"io"\n/m, '');
      for (const needed of ['bufio', 'strings'])
        if (!reading.includes(`  "${needed}"\n`)) reading = reading.replace('import (\n', `import (\n  "${needed}"\n`);
      return reading;
    }
  }
}

/** A header parameter's value as OpenAPI's `simple` style (the only one for headers) writes it. */
function headerValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  if (value !== null && typeof value === 'object') return Object.entries(value).flat().map(String).join(',');
  return String(value);
}

/**
 * The samples of one operation, from its documented examples (`doc`: the description the operation
 * is in, for the `$ref`s of a body made from its schema).
 */
export async function codeSamples(request: SampleRequest, doc?: Document): Promise<CodeSample[]> {
  const {method, url, parameters, requestBody, keyHeaders, credentials} = request;
  const variable = request.spec ? keyVariableOf(request.spec) : apiKeyVariable;
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
  const stream = streamToRead(doc, request);
  const body = requestBodyOf(doc, requestBody, stream?.switchedOn ?? false);
  // Our key headers as ever; any other credential (a bearer token, a cookie) after them.
  const otherCredentials = credentials.filter(
    (credential) => !(credential.in === 'header' && keyHeaders.includes(credential.name)),
  );
  // Header parameters the call requires (Anthropic's `anthropic-version`): the API refuses a call
  // without them. Their documented value, or a placeholder named in the note; none the sample
  // already sends (the body's type, the stream's Accept, a credential).
  const sentHeaders = new Set(
    [
      'content-type',
      'accept',
      ...keyHeaders,
      ...credentials.filter(({in: where}) => where === 'header').map(({name}) => name),
    ].map((name) => name.toLowerCase()),
  );
  const requiredHeaders = parameters
    .filter(
      (parameter) => parameter.in === 'header' && parameter.required && !sentHeaders.has(parameter.name.toLowerCase()),
    )
    .map((parameter) => {
      const example = exampleOf(parameter);
      if (example !== undefined) return {key: parameter.name, value: headerValue(example)};
      placeholders.push(`{${parameter.name}}`);
      return {key: parameter.name, value: `{${parameter.name}}`};
    });
  const postmanRequest = new Request({
    url: `${filledUrl}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    method: method.toUpperCase(),
    header: [
      ...(body?.contentType ? [{key: 'Content-Type', value: body.contentType}] : []),
      ...(stream ? [{key: 'Accept', value: stream.mediaType}] : []),
      ...keyHeaders.map((name) => ({key: name, value: keyToken})),
      ...otherCredentials
        .filter((credential) => credential.in === 'header')
        .map((credential) => ({key: credential.name, value: `${credential.prefix}${keyToken}`})),
      ...otherCredentials
        .filter((credential) => credential.in === 'cookie')
        .map((credential) => ({key: 'Cookie', value: `${credential.name}=${keyToken}`})),
      ...requiredHeaders,
    ],
    ...(body ? {body: body.body} : {}),
  });
  const toReplace = [...(hostless ? [placeholderHost] : []), ...placeholders];
  const notes = [
    ...(toReplace.length === 0
      ? []
      : [
          `Replace ${toReplace.join(' and ')} with ${hostless ? "the API's host (the description names none)" : 'your values'}${hostless && placeholders.length > 0 ? ' and your values' : ''}.`,
        ]),
    // A body made from a schema too large to show whole (lib/openapi/schema-sample.ts).
    ...(body?.shortenedAt === undefined
      ? []
      : [
          body.shortenedAt === 0
            ? 'The body is left empty: made from its schema, it is too large for a sample; its fields are on this page.'
            : `The body stops ${body.shortenedAt} levels down: its schema nests deeper than a sample can show; its fields are on this page.`,
        ]),
  ];
  const note = notes.length === 0 ? undefined : notes.join(' ');
  return Promise.all(
    targets.map(async (target) => {
      const generated = readKeyFromEnvironment(target.lang, (await convert(target, postmanRequest)).trim(), variable);
      const source = stream ? readingStream(target.lang, generated, stream) : generated;
      return {
        lang: target.lang,
        label: target.label,
        source: note ? `${comment(target.lang, note)}\n${source}` : source,
      };
    }),
  );
}
