/**
 * Docs as tests: every API call shown in the content, in curl, Python and JavaScript, and every JSON
 * payload shown with it, matches the four OpenAPI descriptions (lib/samples/). A sample
 * that drifts from the contract fails here with its file, line and reason.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import {contentFiles, readContent} from '../../lib/content';
import {allOperations, repoRoot, type ApiOperation} from '../../lib/openapi';
import {calledOperations, callsInBlock, checkSamples, formatProblem, type CodeBlock} from '../../lib/samples/check';

describe('call samples in the content match the contract', () => {
  for (const file of contentFiles()) {
    test(file, () => {
      const problems = checkSamples(file, readContent(file));
      assert.equal(problems.length, 0, `\n${problems.map(formatProblem).join('\n')}`);
    });
  }
});

test('every documented call is shown in a sample somewhere on the site', () => {
  const key = (operation: ApiOperation) =>
    `${operation.spec.id}: ${operation.method.toUpperCase()} ${operation.fullPath}`;
  const shown = new Set(contentFiles().flatMap((file) => calledOperations(readContent(file)).map(key)));
  assert.deepEqual(
    allOperations()
      .map(key)
      .filter((operation) => !shown.has(operation)),
    [],
  );
});

describe('a broken fixture: each kind of drift is caught with its file, line and reason', () => {
  const file = 'tests/fixtures/docs-samples/broken.mdx';
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const lines = text.split('\n');
  const problems = checkSamples(file, text);

  /** The line (1-based) of the first line matching `pattern` after the heading `## Case: <name>`. */
  function lineOf(name: string, pattern: RegExp): number {
    const heading = lines.indexOf(`## Case: ${name}`);
    assert.ok(heading >= 0, `the fixture has no case "${name}"`);
    const index = lines.findIndex((line, at) => at > heading && pattern.test(line));
    assert.ok(index > heading, `case "${name}" has no line matching ${pattern}`);
    return index + 1;
  }

  const curl = /^curl /;
  const python = /requests\.\w+\(/;
  const javascript = /fetch\(/;
  const jsonFence = /^```json/;
  const expected: [name: string, at: RegExp, reason: RegExp][] = [
    [
      'response missing data',
      jsonFence,
      /response does not match POST \/api\/predictor.*must have required property 'data'/,
    ],
    [
      '422 response missing msg',
      jsonFence,
      /422 response does not match .*\/detail\/0 must have required property 'msg'/,
    ],
    ['untitled payload', jsonFence, /an API payload needs title=/],
    ['wrong path', curl, /no documented path matches \/api\/predictor\/language\/pretrained\/sentiment-classification/],
    ['undocumented method', curl, /PUT is not documented for \/api\/language\/meta\/models\/\{model_id\}/],
    [
      'unknown pre-trained name',
      curl,
      /path parameter model_id "spam-detection": must be equal to one of the allowed values/,
    ],
    ['missing key header', curl, /missing key header x-public-key required by GET \/api\/language\/meta\/services/],
    [
      'the header of another call',
      curl,
      /missing key header x-api-key .*sends x-public-key, which this call does not read/,
    ],
    ['inline key', curl, /inline key in header x-public-key: read it from the ORCHARD_API_KEY environment variable/],
    ['inline key', python, /inline key in header x-public-key/],
    ['inline key', javascript, /inline key in header x-public-key/],
    [
      'batch_size above the limit',
      curl,
      /request body does not match POST \/api\/language\/trainer\/training-jobs: \/training_config\/batch_size must be <= 256/,
    ],
    ['languages disagree and no Content-Type', python, /the python sample differs from the curl sample in its body/],
    ['languages disagree and no Content-Type', javascript, /without the header Content-Type: application\/json/],
    ['response with a result missing', jsonFence, /the response has 1 results for 2 queries/],
    ['call outside a tab group', curl, /an API call outside a <Tabs groupId="code-samples"> group/],
    ['tabs out of order', /^<Tabs /, /a sample group needs TabItems curl\/curl, python\/Python, nodejs\/JavaScript/],
  ];

  for (const [name, at, reason] of expected) {
    test(`${name}: ${reason.source.slice(0, 60)}`, () => {
      const line = lineOf(name, at);
      const found = problems.filter((problem) => problem.line === line && reason.test(problem.reason));
      assert.equal(
        found.length,
        1,
        `expected ${file}:${line}: ${reason} among:\n${problems.map(formatProblem).join('\n')}`,
      );
      assert.equal(found[0]!.file, file);
    });
  }

  test('nothing else is reported, and the valid case passes', () => {
    const explained = problems.filter((problem) =>
      expected.some(([name, at, reason]) => problem.line === lineOf(name, at) && reason.test(problem.reason)),
    );
    assert.deepEqual(problems.filter((problem) => !explained.includes(problem)).map(formatProblem), []);
  });
});

describe('reading samples', () => {
  const block = (lang: string, value: string): CodeBlock => ({lang, meta: '', value, line: 10});

  test('curl: line continuations, a multi-line body in single quotes, the key from the environment', () => {
    const {calls} = callsInBlock(
      block(
        'bash',
        `curl -X POST "https://h/x" \\\n  -H "x-api-key: $ORCHARD_API_KEY" \\\n  -d '{\n  "queries": ["a"]\n}'\n`,
      ),
    );
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.line, 11);
    assert.equal(calls[0]!.method, 'POST');
    assert.deepEqual(calls[0]!.headers.get('x-api-key'), {kind: 'env', name: 'ORCHARD_API_KEY'});
    assert.deepEqual(calls[0]!.body, {queries: ['a']});
  });

  test('curl: a body that is not JSON is reported', () => {
    const {calls} = callsInBlock(block('bash', `curl -X POST "https://h/x" -d '{"query": it is}'`));
    assert.match(calls[0]!.errors.join(), /not valid JSON/);
  });

  test('Python: True, False and None read as JSON values; comments are ignored', () => {
    const {calls} = callsInBlock(
      block(
        'python',
        'import os\nimport requests\n\n# call\nr = requests.post(\n    "https://h/x",  # url\n    headers={"x-public-key": os.environ["ORCHARD_API_KEY"]},\n    json={"a": True, "b": False, "c": None, "d": [1, -2.5]},\n)\n',
      ),
    );
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.line, 15);
    assert.deepEqual(calls[0]!.errors, []);
    assert.deepEqual(calls[0]!.body, {a: true, b: false, c: null, d: [1, -2.5]});
  });

  test('Python: an f-string URL is reported rather than guessed', () => {
    const {calls} = callsInBlock(block('python', 'import requests\nrequests.get(f"https://h/{x}")\n'));
    assert.equal(calls.length, 1);
    assert.notDeepEqual(calls[0]!.errors, []);
  });

  test('JavaScript: fetch with JSON.stringify, the key from process.env', () => {
    const {calls} = callsInBlock(
      block(
        'javascript',
        'const r = await fetch("https://h/x", {\n  method: "POST",\n  headers: {"x-public-key": process.env.ORCHARD_API_KEY, "Content-Type": "application/json"},\n  body: JSON.stringify({"query": "q"}),\n});\n',
      ),
    );
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.line, 11);
    assert.deepEqual(calls[0]!.headers.get('x-public-key'), {kind: 'env', name: 'ORCHARD_API_KEY'});
    assert.deepEqual(calls[0]!.body, {query: 'q'});
  });

  test('JavaScript: a sample that does not parse is reported', () => {
    assert.match(callsInBlock(block('javascript', 'await fetch("https://h/x", {')).error ?? '', /does not parse/);
  });
});
