/**
 * `npm run bench:swagger2`: which converter turns public Swagger 2.0 descriptions into OpenAPI 3
 * more completely (issue "Every version and every layout"): swagger2openapi 7.0.8 (what the OpenAPI
 * plugin and openapi-to-postmanv2 use, unreleased since 2021) against @scalar/openapi-upgrader.
 *
 * For each Swagger 2.0 description of tests/fixtures/openapi-corpus/ (`swagger2-*`, unedited, SOURCES.md) and each converter,
 * it prints: whether it converted, in how long, to which version, the operations kept, the `formData`
 * operations given a form or multipart body, the `securityDefinitions` entries made security schemes,
 * the converter's warnings and patches (swagger2openapi's; Scalar's reports none), and what Redocly's
 * rules (redocly.yaml) and our loader say of the result. Nothing is written but temporary files.
 */
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';

import YAML from 'yaml';

import {loadDescription} from '../lib/openapi';
import {lintOpenApi} from '../lib/openapi/lint';

const fixtures = path.resolve(__dirname, '../tests/fixtures/openapi-corpus');
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

type Json = Record<string, unknown>;
type Operation = Json & {parameters?: Json[]; consumes?: string[]; produces?: string[]; requestBody?: Json};

function read(file: string): Json {
  const bytes = readFileSync(file);
  const text = file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return (file.includes('.json') ? JSON.parse(text) : YAML.parse(text)) as Json;
}

function operations(doc: Json): Operation[] {
  return Object.values((doc.paths ?? {}) as Record<string, Json>).flatMap((item) =>
    methods.filter((method) => item[method]).map((method) => item[method] as Operation),
  );
}

/** What a 2.0 description asks of its conversion. */
function asked(doc: Json) {
  const all = operations(doc);
  const formData = all.filter((operation) =>
    [...(operation.parameters ?? [])].some((parameter) => (parameter as {in?: string}).in === 'formData'),
  ).length;
  const schemes = Object.keys((doc.securityDefinitions ?? {}) as Json).length;
  return {operations: all.length, formData, schemes};
}

/** What a converted description holds of it. */
function kept(doc: Json) {
  const all = operations(doc);
  const formBodies = all.filter((operation) => {
    const content = ((operation.requestBody as {content?: Json} | undefined)?.content ?? {}) as Json;
    return Object.keys(content).some((type) => /form-urlencoded|multipart\/form-data/.test(type));
  }).length;
  const components = (doc.components ?? {}) as {securitySchemes?: Json};
  return {operations: all.length, formBodies, schemes: Object.keys(components.securitySchemes ?? {}).length};
}

type Converter = {name: string; convert: (doc: Json) => Promise<{doc: Json; warnings: string[]}>};

const converters: Converter[] = [
  {
    name: 'swagger2openapi 7.0.8',
    convert: async (doc) => {
      const {convertObj} = await import('swagger2openapi');
      // As the OpenAPI plugin calls it (patch, warnOnly). Its warnings are left in the output as
      // `x-s2o-warning` properties (the plugin says nothing of them), and it counts what it patched.
      const options: Json & {patches?: number} = {patch: true, warnOnly: true};
      const {openapi} = await convertObj(structuredClone(doc), options);
      const text = JSON.stringify(openapi);
      const warnings = [...text.matchAll(/"x-s2o-warning":("(?:[^"\\]|\\.)*")/g)].map(
        (match) => JSON.parse(match[1]!) as string,
      );
      for (let patch = 0; patch < (options.patches ?? 0); patch += 1) warnings.push('patched');
      return {doc: openapi, warnings};
    },
  },
  {
    name: '@scalar/openapi-upgrader 0.4.9',
    convert: async (doc) => {
      const {upgrade} = await import('@scalar/openapi-upgrader');
      return {doc: upgrade(structuredClone(doc), '3.1') as unknown as Json, warnings: []};
    },
  },
];

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'orchard-swagger2-'));
  const rows: string[][] = [];
  try {
    for (const name of readdirSync(fixtures).filter((file) => /^swagger2-.*\.(ya?ml|json(\.gz)?)$/.test(file))) {
      const input = read(path.join(fixtures, name));
      const want = asked(input);
      for (const converter of converters) {
        const started = performance.now();
        try {
          const {doc, warnings} = await converter.convert(input);
          const ms = Math.round(performance.now() - started);
          const got = kept(doc);
          const file = path.join(work, `${name.replace(/\W+/g, '-')}-${rows.length}.json`);
          writeFileSync(file, JSON.stringify(doc));
          const lint = lintOpenApi([file], {quiet: true}).totals.get(file) ?? {errors: NaN, warnings: NaN};
          let loads = 'yes';
          try {
            loadDescription(file);
          } catch (error) {
            loads = `no: ${(error as Error).message.split('\n')[0]!.slice(0, 60)}`;
          }
          rows.push([
            name,
            converter.name,
            `${ms} ms`,
            String(doc.openapi ?? '?'),
            `${got.operations}/${want.operations}`,
            `${got.formBodies}/${want.formData}`,
            `${got.schemes}/${want.schemes}`,
            String(warnings.length),
            `${lint.errors} / ${lint.warnings}`,
            loads,
          ]);
        } catch (error) {
          rows.push([name, converter.name, 'threw', (error as Error).message.slice(0, 80), '', '', '', '', '', '']);
        }
      }
    }
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
  const head = [
    'description',
    'converter',
    'time',
    'openapi',
    'operations',
    'form bodies',
    'schemes',
    'warnings',
    'lint errors / warnings',
    'our loader',
  ];
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => ' --- ').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

void main();
