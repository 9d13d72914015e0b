/**
 * lib/openapi/descriptions.ts: HTML in a description becomes the Markdown it means. That every
 * description of the corpus then compiles as MDX is tests/slow/descriptions-mdx.test.ts.
 */
// cspell:ignore mport: the rest of "import" after its escaped first letter
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {cleanDescriptions, markdownDescription} from '../../lib/openapi/descriptions';

test('HTML becomes the Markdown it means; prose in angle brackets, comments and import lines do not become code', () => {
  assert.equal(
    markdownDescription('Widgets, <em>small</em> and <strong>large</strong>.'),
    'Widgets, _small_ and **large**.',
  );
  assert.equal(
    markdownDescription('<p>See the <a href="https://example.com/docs?lang=en&version=2">docs & guides</a>.</p>'),
    'See the [docs & guides](https://example.com/docs?lang=en\\&version=2).',
  );
  assert.equal(
    markdownDescription('Comma-separated: <ul><li>name</li><li>size</li></ul>'),
    'Comma-separated:\n\n- name\n- size',
  );
  assert.equal(
    markdownDescription('Send <code>Authorization: Bearer &lt;key&gt;</code>.'),
    'Send `Authorization: Bearer <key>`.',
  );
  // Not HTML: a placeholder in prose stays, written so that MDX shows it.
  assert.equal(markdownDescription('Authorization: Bearer <api_key>'), 'Authorization: Bearer &lt;api_key>');
  assert.equal(markdownDescription('Below <!-- hidden --> this.'), 'Below this.');
  assert.match(markdownDescription('<p>One</p>\n\nimport Thing from "./thing"'), /^One\n\n&#x69;mport Thing/);
  // In code, `<` is already text; an autolink stays a link, written [text](url).
  assert.equal(
    markdownDescription('<b>Only</b> when `count < 5`; see <https://example.com>.'),
    '**Only** when `count < 5`; see [https://example.com](https://example.com).',
  );
  // Ours have no HTML: left exactly as written.
  assert.equal(markdownDescription('At most 50 items; see `queries`.'), 'At most 50 items; see `queries`.');
});

test('a description made Markdown before is taken from the last memo, not parsed again; the memo made is returned', () => {
  const html = '<p>Lists <em>models</em>.</p>';
  const doc = {
    info: {description: html},
    paths: {'/models': {get: {description: html, summary: 'List'}, post: {description: 'Plain text.'}}},
  };
  const first = structuredClone(doc);
  const made = cleanDescriptions(first, undefined);
  assert.equal(first.paths['/models'].get.description, 'Lists _models_.');
  // Only what is parsed is kept: plain text costs nothing to make again.
  assert.deepEqual([...made], [[html, 'Lists _models_.']]);
  // What the memo says is taken as it is (here a stand-in, to show it is not parsed again).
  const again = structuredClone(doc);
  const remade = cleanDescriptions(again, undefined, new Map([[html, 'From the memo.']]));
  assert.equal(again.info.description, 'From the memo.');
  assert.equal(again.paths['/models'].get.description, 'From the memo.');
  assert.deepEqual([...remade], [[html, 'From the memo.']]);
  // A description the memo does not hold is parsed; what the memo holds and the document no longer has is dropped.
  const edited = {info: {description: '<b>New</b>.'}};
  assert.deepEqual([...cleanDescriptions(edited, undefined, made)], [['<b>New</b>.', '**New**.']]);
});

test("a summary's links are made absolute once, then taken from the memo; a summary without one is left as written", () => {
  const linked = 'See [models](/models).';
  const doc = {paths: {'/models': {get: {summary: linked}, post: {summary: 'Create a model'}}}};
  const made = cleanDescriptions(doc, 'https://example.com/docs/');
  assert.equal(doc.paths['/models'].get.summary, 'See [models](https://example.com/models).');
  assert.equal(doc.paths['/models'].post.summary, 'Create a model');
  assert.equal(made.size, 1);
  const standIn = new Map([...made].map(([key]) => [key, 'From the memo.']));
  const again = {paths: {'/models': {get: {summary: linked}}}};
  cleanDescriptions(again, 'https://example.com/docs/', standIn);
  assert.equal(again.paths['/models'].get.summary, 'From the memo.');
  // A description of the same text is not the summary's: each is remembered as its kind.
  const described = {info: {description: linked}};
  cleanDescriptions(described, 'https://example.com/docs/', standIn);
  assert.equal(described.info.description, 'See [models](https://example.com/models).');
});
