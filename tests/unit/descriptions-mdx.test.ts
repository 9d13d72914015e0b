/**
 * lib/openapi/descriptions.ts: HTML in a description becomes the Markdown it means. That every
 * description of the corpus then compiles as MDX is tests/slow/descriptions-mdx.test.ts.
 */
// cspell:ignore mport: the rest of "import" after its escaped first letter
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {markdownDescription} from '../../lib/openapi/descriptions';

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
