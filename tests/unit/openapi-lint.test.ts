/** Bad input: an OpenAPI file that does not parse or validate stops generation (and so the build). */
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {openApiSpecs} from '../../lib/openapi/specs';
import {lintOpenApi} from '../../scripts/gen-api-docs';
import {repoRoot} from '../../lib/openapi';

const scratch = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

const trainerYaml = readFileSync(path.join(repoRoot, 'openapi/trainer.yaml'), 'utf8');

/** Writes a broken copy of trainer.yaml and lints it as the build would. */
function lintBrokenCopy(name: string, breakIt: (yaml: string) => string) {
  const file = path.join(scratch, name);
  const broken = breakIt(trainerYaml);
  assert.notEqual(broken, trainerYaml, 'the fixture really changes the file');
  writeFileSync(file, broken);
  return {file, ...lintOpenApi([file], {quiet: true})};
}

test('the four descriptions pass the lint with no problem', () => {
  const {status, output} = lintOpenApi(
    openApiSpecs.map((spec) => spec.file),
    {quiet: true},
  );
  assert.equal(status, 0, output);
  assert.doesNotMatch(output, /You have \d+ warning/);
  assert.match(output, /Your API descriptions are valid/);
});

test('a file that does not parse as YAML fails, naming the file and the problem', () => {
  const {file, status, output} = lintBrokenCopy('unparsable.yaml', (yaml) =>
    yaml.replace('paths:\n', 'paths:\n  /broken: [unclosed\n'),
  );
  assert.notEqual(status, 0);
  assert.ok(output.includes(path.basename(file)), output);
  assert.match(output, /Failed to parse/);
});

test('a call without responses fails, naming the file and the problem', () => {
  const {file, status, output} = lintBrokenCopy('no-responses.yaml', (yaml) =>
    yaml.replace(/(operationId: listServices[\s\S]*?)\n {6}responses:/, '$1\n      x-responses:'),
  );
  assert.notEqual(status, 0);
  assert.ok(output.includes(path.basename(file)), output);
  assert.match(output, /responses/);
});

test('an example that breaks its schema fails, naming the file and the problem', () => {
  const {file, status, output} = lintBrokenCopy('bad-example.yaml', (yaml) =>
    yaml.replace(/batch_size: (\d+)\n/, 'batch_size: 1000\n'),
  );
  assert.notEqual(status, 0);
  assert.ok(output.includes(path.basename(file)), output);
  assert.match(output, /batch_size|256/);
});
