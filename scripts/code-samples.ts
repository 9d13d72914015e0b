/**
 * Build-time code samples for the API reference: for every operation, its documented example request
 * in curl, Python, JavaScript and Go, generated with postman-code-generators (the library the
 * reference used to run in the browser, where it cost 1.6 MB of gzipped JavaScript per page).
 * The key is read from the ORCHARD_API_KEY environment variable, as in every sample on the site.
 */
import codegen from 'postman-code-generators';
import {Request} from 'postman-collection';

import {isReference, type ApiOperation, type ParameterObject} from '../lib/openapi';
import {apiKeyVariable, sampleLanguages, type CodeSample} from '../src/code-samples';

/** What a sample is made of: one operation's call, its parameters and body examples, its key headers. */
export type SampleRequest = Pick<ApiOperation, 'method' | 'path' | 'url' | 'parameters' | 'requestBody' | 'keyHeaders'>;

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

/** Replaces the key token with the language's way of reading the key variable from the environment. */
function readKeyFromEnvironment(lang: CodeSample['lang'], source: string): string {
  switch (lang) {
    case 'Shell':
      // Double quotes so the shell expands the variable.
      return source.replace(new RegExp(`'([\\w-]+): ${keyToken}'`, 'g'), `"$1: $${apiKeyVariable}"`);
    case 'Python':
      return `import os\n${source.replaceAll(`'${keyToken}'`, `os.environ["${apiKeyVariable}"]`)}`;
    case 'JavaScript':
      return source.replaceAll(`"${keyToken}"`, `process.env.${apiKeyVariable}`);
    case 'Go':
      return source
        .replace('import (\n', 'import (\n  "os"\n')
        .replaceAll(`"${keyToken}"`, `os.Getenv("${apiKeyVariable}")`);
  }
}

function convert(target: (typeof targets)[number], request: Request): Promise<string> {
  return new Promise((resolve, reject) => {
    codegen.convert(target.language, target.variant, request, target.options, (error: unknown, snippet: string) => {
      if (error) reject(new Error(`${target.label} sample: ${String(error)}`));
      else resolve(snippet);
    });
  });
}

/** The four samples of one operation, from its documented examples. */
export async function codeSamples({
  method,
  path,
  url,
  parameters,
  requestBody,
  keyHeaders,
}: SampleRequest): Promise<CodeSample[]> {
  const exampleOf = (parameter: ParameterObject) => {
    const schema = parameter.schema && !isReference(parameter.schema) ? parameter.schema : undefined;
    return (parameter.example as unknown) ?? (schema?.example as unknown) ?? (schema?.default as unknown);
  };
  const filledUrl = url.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    const example = parameter && exampleOf(parameter);
    if (example === undefined)
      throw new Error(`${method.toUpperCase()} ${path}: path parameter ${name} has no example`);
    return encodeURIComponent(String(example));
  });
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && exampleOf(parameter) !== undefined)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(exampleOf(parameter)))}`);
  const media = requestBody?.content['application/json'];
  const firstExample = Object.values(media?.examples ?? {})[0];
  const body: unknown = media?.example ?? (firstExample && 'value' in firstExample ? firstExample.value : undefined);
  const request = new Request({
    url: `${filledUrl}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    method: method.toUpperCase(),
    header: [
      ...(body === undefined ? [] : [{key: 'Content-Type', value: 'application/json'}]),
      ...keyHeaders.map((name) => ({key: name, value: keyToken})),
    ],
    ...(body === undefined
      ? {}
      : {body: {mode: 'raw' as const, raw: JSON.stringify(body, null, 2), options: {raw: {language: 'json'}}}}),
  });
  return Promise.all(
    targets.map(async (target) => ({
      lang: target.lang,
      label: target.label,
      source: readKeyFromEnvironment(target.lang, (await convert(target, request)).trim()),
    })),
  );
}
