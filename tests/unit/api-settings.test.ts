/**
 * What an API's entry in lib/openapi/specs.ts decides: strict (ours) or degrading (another provider's
 * description as published), the variable its samples read the key from, and a reference folder of its
 * own when two descriptions share a title.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {stringify} from 'yaml';

import {loadDescription, operationsOf} from '../../lib/openapi';
import {infoPageMarkdown} from '../../lib/openapi/api-page';
import {leftOut} from '../../lib/openapi/degrade';
import {checkEntries, keyVariableOf, openApiSpecs, referenceIdOf, type OpenApiSpec} from '../../lib/openapi/specs';
import {codeSamples} from '../../lib/samples/write';
import {lintDescriptions} from '../../lib/openapi/lint';
import {withPluginInfo} from '../../lib/openapi/plugin-input';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-api-settings-'));
after(() => rmSync(dir, {recursive: true, force: true}));

/** A warning said while `work` runs, and what it returned. */
function warned<T>(work: () => T): {result: T; warnings: string[]} {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...words: unknown[]) => warnings.push(words.join(' '));
  try {
    return {result: work(), warnings};
  } finally {
    console.warn = original;
  }
}

test('our four descriptions are held strictly', () => {
  assert.ok(openApiSpecs.every((spec) => spec.strict === true));
});

test('leftOut fails the build for a strict description, and warns in one line for another', () => {
  const ours = {id: 'trainer', file: 'openapi/trainer.yaml', strict: true};
  assert.throws(
    () => leftOut(ours, 'code samples', 'POST /x', 'no host\nat all'),
    /^Error: openapi\/trainer\.yaml: code samples of POST \/x: no host at all$/,
  );
  const {warnings} = warned(() =>
    leftOut(
      {id: 'stripe', file: 'openapi/stripe.json'},
      'Postman collection',
      'GET /v1/files',
      'the converter\nmade no request',
    ),
  );
  assert.deepEqual(warnings, [
    '[warning] stripe (openapi/stripe.json): GET /v1/files left out of the Postman collection: the converter made no request',
  ]);
});

test("another provider's samples read its key from a variable named for it, ours from ORCHARD_API_KEY", async () => {
  assert.equal(keyVariableOf({id: 'trainer', strict: true}), 'ORCHARD_API_KEY');
  assert.equal(keyVariableOf({id: 'stripe'}), 'STRIPE_API_KEY');
  assert.equal(keyVariableOf({id: 'hf-text-generation-inference'}), 'HF_TEXT_GENERATION_INFERENCE_API_KEY');
  assert.equal(keyVariableOf({id: '1password-events'}), 'API_1PASSWORD_EVENTS_API_KEY');
  assert.equal(keyVariableOf({id: 'openai', keyVariable: 'OPENAI_API_KEY'}), 'OPENAI_API_KEY');
  const file = path.join(dir, 'keyed.yaml');
  writeFileSync(
    file,
    stringify({
      openapi: '3.0.3',
      info: {title: 'Keyed', version: '1'},
      servers: [{url: 'https://api.keyed.example'}],
      components: {securitySchemes: {bearer: {type: 'http', scheme: 'bearer'}}},
      security: [{bearer: []}],
      paths: {'/v1/things': {get: {operationId: 'listThings', responses: {'200': {description: 'ok'}}}}},
    }),
  );
  const spec = {id: 'keyed', file, title: 'Keyed', referenceId: 'keyed'} as unknown as OpenApiSpec;
  const [operation] = operationsOf(spec, loadDescription(file));
  const samples = Object.fromEntries((await codeSamples(operation!)).map(({lang, source}) => [lang, source]));
  assert.match(samples.Shell!, /-H "Authorization: Bearer \$KEYED_API_KEY"/);
  assert.match(samples.Python!, /os\.environ\["KEYED_API_KEY"\]/);
  assert.match(samples.JavaScript!, /process\.env\.KEYED_API_KEY/);
  assert.match(samples.Go!, /os\.Getenv\("KEYED_API_KEY"\)/);
  assert.ok(!Object.values(samples).some((source) => source.includes('ORCHARD_API_KEY')));
});

test("lint findings stop a strict description, each with its place and pointer; another's are counted, not fatal", () => {
  const file = path.join(dir, 'trailing.json');
  // One line of JSON, as the directory publishes them: a path with a trailing slash is a Redocly error.
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: {title: 'Trailing', version: '1'},
      paths: {'/v1/things/': {get: {operationId: 'listThings', responses: {'200': {description: 'ok'}}}}},
    }),
  );
  const theirs = lintDescriptions([{file}]);
  assert.equal(theirs.failed, undefined);
  assert.equal(theirs.lines.length, 1);
  assert.match(
    theirs.lines[0]!,
    /not held strictly, not fatal for them: .*trailing\.json \(\d+ errors, \d+ warnings\)/,
  );
  const ours = lintDescriptions([{file, strict: true}]);
  assert.match(ours.failed ?? '', /linting .*trailing\.json \(errors and warnings\)/);
  assert.ok(
    ours.lines.some((line) =>
      /trailing\.json:1:\d+ {2}error {2}no-path-trailing-slash {2}.* \(at #\/paths\/~1v1~1things~1\)$/.test(line),
    ),
    ours.lines.join('\n'),
  );
});

test("two descriptions of one title: the second's landing page is its own folder's, showing the description's title", () => {
  const spec = {
    id: 'petstore-2',
    referenceId: 'swagger-petstore-2',
    title: 'Swagger Petstore',
  } as unknown as OpenApiSpec;
  const copy = {openapi: '3.0.3', info: {title: 'Swagger Petstore', version: '1'}, paths: {}} as never;
  const titled = withPluginInfo(spec, copy);
  // The plugin names the landing page after the title: the folder's name, in the copy it reads.
  assert.equal(referenceIdOf(titled.info.title), 'swagger-petstore-2');
  assert.deepEqual(withPluginInfo({referenceId: 'swagger-petstore'} as unknown as OpenApiSpec, copy), copy);
  const page = landing(titled);
  infoPageMarkdown(page);
  assert.equal(page.title, 'Swagger Petstore');
  assert.equal(page.info.title, 'Swagger Petstore');
  assert.equal(page.id, 'swagger-petstore-2');
});

test('a description without info.version: the plugin gets one, the landing page shows none', () => {
  const copy = {openapi: '3.0.3', info: {title: 'Swagger Petstore'}, paths: {}} as never;
  const given = withPluginInfo({referenceId: 'swagger-petstore'} as unknown as OpenApiSpec, copy);
  // The plugin's own Postman conversion refuses a description without one.
  assert.equal(given.info.version, '0.0.0');
  const page = landing(given);
  const markdown = infoPageMarkdown(page);
  assert.equal(page.info.version, undefined);
  assert.ok(!markdown.includes('Version:'), markdown);
});

/** The plugin's landing page item of a copy, as its generation makes one. */
function landing(copy: {info: object}): Parameters<typeof infoPageMarkdown>[0] {
  return {
    id: 'swagger-petstore-2',
    title: (copy.info as {title: string}).title,
    info: copy.info,
    frontMatter: {},
    downloadUrl: '/openapi/none.json',
  } as unknown as Parameters<typeof infoPageMarkdown>[0];
}

test('two entries with one id, file or reference folder are refused, naming both', () => {
  const entry = (id: string, referenceId: string) => ({id, file: `openapi/${id}.json`, referenceId});
  assert.doesNotThrow(() => checkEntries([entry('a', 'petstore'), entry('b', 'petstore-2')]));
  assert.throws(
    () => checkEntries([entry('a', 'petstore'), entry('b', 'petstore')]),
    /the entries a and b have one referenceId, petstore: give the second a referenceId of its own/,
  );
  assert.throws(() => checkEntries([entry('a', 'x'), entry('a', 'y')]), /the entries a and a have one id, a/);
  // Roots of one name in folders of their own are downloaded by their ids; a download of one name is refused.
  const split = (id: string, file: string) => ({id, file, referenceId: id});
  assert.doesNotThrow(() =>
    checkEntries([split('a', 'openapi/a/spec/openapi.yaml'), split('b', 'openapi/b/spec/openapi.yaml')]),
  );
  assert.throws(
    () => checkEntries([split('y', 'openapi/y/spec/root.yaml'), split('z', 'openapi/y.yaml')]),
    /the entries y and z would both be downloaded as \/openapi\/y\.yaml: put the second in a folder of its own/,
  );
});

test('an operationCards that is no whole number is refused, naming the entry', () => {
  const entry = (operationCards: number) => ({
    id: 'graph',
    file: 'openapi/graph.yaml',
    referenceId: 'graph',
    operationCards,
  });
  for (const right of [0, 50]) assert.doesNotThrow(() => checkEntries([entry(right)]));
  for (const wrong of [-1, 2.5, Number.NaN])
    assert.throws(
      () => checkEntries([entry(wrong)]),
      /the entry graph has the operationCards .*: give it a whole number, the most operations its landing page shows as cards/,
    );
});

test('an entry whose reference id is empty or no folder name is refused (a description without a title)', () => {
  assert.throws(
    () => checkEntries([{id: 'ipinfodb', file: 'openapi/ipinfodb.json', referenceId: ''}]),
    /the entry ipinfodb has the referenceId "": give it words in lower case and digits joined by hyphens/,
  );
  const copy = {openapi: '3.0.0', info: {title: '', version: '1'}, paths: {}} as never;
  const page = landing(withPluginInfo({referenceId: 'ipinfodb', title: 'IPInfoDB'} as unknown as OpenApiSpec, copy));
  infoPageMarkdown(page);
  assert.equal(page.title, 'IPInfoDB');
});

test("a landing page shows a logo the site serves, not another host's (the CSP's img-src is the site's own)", () => {
  const copy = {openapi: '3.0.0', info: {title: 'Logos', version: '1'}, paths: {}} as never;
  const withLogo = (url: string) => {
    const page = landing(withPluginInfo({referenceId: 'logos', title: 'Logos'} as unknown as OpenApiSpec, copy));
    Object.assign(page.info, {logo: {url}});
    return infoPageMarkdown(page);
  };
  assert.doesNotMatch(withLogo('https://twitter.com/ipinfodb/profile_image?size=original'), /<ApiLogo/);
  assert.match(withLogo('/img/logos/partner.svg'), /<ApiLogo[\s\S]*\/img\/logos\/partner\.svg/);
});
