/**
 * Build-time code samples for the API reference: for every operation, its documented example request
 * in curl, Python, JavaScript and Go, generated with postman-code-generators (the library the
 * reference used to run in the browser, where it cost 1.6 MB of gzipped JavaScript per page).
 * The key is read from the ORCHARD_API_KEY environment variable, as in every sample on the site.
 */
import codegen from 'postman-code-generators';
import {Request} from 'postman-collection';

export type CodeSample = {lang: 'Shell' | 'Python' | 'JavaScript' | 'Go'; label: string; source: string};

type Parameter = {name: string; in: string; example?: unknown; schema?: {example?: unknown; default?: unknown}};
type ParameterOrRef = Parameter | {$ref: string};
type Media = {example?: unknown; examples?: Record<string, {value?: unknown}>};
export type SampleOperation = {
  parameters?: ParameterOrRef[];
  requestBody?: {content?: Record<string, Media>};
  security?: Record<string, string[]>[];
};
export type SampleContext = {
  serverUrl: string;
  security?: Record<string, string[]>[];
  securitySchemes: Record<string, {name?: string; in?: string}>;
  /** `components.parameters`, to resolve `$ref` parameters. */
  parameters?: Record<string, Parameter>;
};

const keyVariable = 'ORCHARD_API_KEY';
// Stands for the key in the generated code, then becomes an environment variable read per language.
const keyToken = '{{ORCHARD_API_KEY}}';

const targets = [
  {
    language: 'curl',
    variant: 'cURL',
    lang: 'Shell',
    label: 'curl',
    options: {followRedirect: false, longFormat: false},
  },
  {language: 'python', variant: 'Requests', lang: 'Python', label: 'Python', options: {}},
  {language: 'javascript', variant: 'Fetch', lang: 'JavaScript', label: 'JavaScript', options: {}},
  {language: 'go', variant: 'Native', lang: 'Go', label: 'Go', options: {}},
] as const;

/** Replaces the key token with the language's way of reading ORCHARD_API_KEY from the environment. */
function readKeyFromEnvironment(lang: CodeSample['lang'], source: string): string {
  switch (lang) {
    case 'Shell':
      // Double quotes so the shell expands the variable.
      return source.replace(new RegExp(`'([\\w-]+): ${keyToken}'`, 'g'), `"$1: $${keyVariable}"`);
    case 'Python':
      return `import os\n${source.replaceAll(`'${keyToken}'`, `os.environ["${keyVariable}"]`)}`;
    case 'JavaScript':
      return source.replaceAll(`"${keyToken}"`, `process.env.${keyVariable}`);
    case 'Go':
      return source
        .replace('import (\n', 'import (\n  "os"\n')
        .replaceAll(`"${keyToken}"`, `os.Getenv("${keyVariable}")`);
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
export async function codeSamples(
  method: string,
  path: string,
  operation: SampleOperation,
  context: SampleContext,
): Promise<CodeSample[]> {
  const parameters = (operation.parameters ?? [])
    .map((parameter) =>
      '$ref' in parameter ? context.parameters?.[parameter.$ref.replace('#/components/parameters/', '')] : parameter,
    )
    .filter((parameter): parameter is Parameter => parameter !== undefined);
  const exampleOf = (parameter: Parameter) =>
    parameter.example ?? parameter.schema?.example ?? parameter.schema?.default;
  const filledPath = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    const example = parameter && exampleOf(parameter);
    if (example === undefined)
      throw new Error(`${method.toUpperCase()} ${path}: path parameter ${name} has no example`);
    return encodeURIComponent(String(example));
  });
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && exampleOf(parameter) !== undefined)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(exampleOf(parameter)))}`);
  const keyHeaders = (operation.security ?? context.security ?? [])
    .flatMap((requirement) => Object.keys(requirement))
    .map((scheme) => context.securitySchemes[scheme])
    .filter((scheme) => scheme?.in === 'header' && scheme.name)
    .map((scheme) => ({key: scheme!.name!, value: keyToken}));
  const media = operation.requestBody?.content?.['application/json'];
  const body = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
  const request = new Request({
    url: `${context.serverUrl}${filledPath}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    method: method.toUpperCase(),
    header: [...(body === undefined ? [] : [{key: 'Content-Type', value: 'application/json'}]), ...keyHeaders],
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
