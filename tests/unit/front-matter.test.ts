import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';

import {exportedOperationJson, plainFirstSentence} from '../../lib/openapi/api-page';
import {parseFrontMatter} from '../../plugins/front-matter';

const root = path.resolve(__dirname, '../..');
const parse = (filePath: string, fileContent: string) =>
  parseFrontMatter({filePath, fileContent, defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER});

test('a front matter string with a backslash fails, naming the file and the field', async () => {
  const page = '---\ntitle: Sample\napi: {"samples": [{"source": "curl \\\\\\n-H x"}]}\n---\n\nBody\n';
  await assert.rejects(
    parse('api/reference/page.api.mdx', page),
    /api\/reference\/page\.api\.mdx: front matter field "api\.samples\.0\.source" contains a backslash/,
  );
  assert.deepEqual((await parse('docs/plain.md', '---\ntitle: Plain\n---\n\nBody\n')).frontMatter, {title: 'Plain'});
});

test('generated operation pages carry the operation in their body, whole, with its samples unchanged', () => {
  const dir = path.join(root, 'api/api-reference/orchard-ai-trainer');
  const page = readdirSync(dir).find((name) => name === 'create-training-job.api.mdx');
  assert.ok(page, `${dir}: run npm run gen-api-docs first`);
  const text = readFileSync(path.join(dir, page), 'utf8');
  const frontMatter = text.split('\n---\n')[0]!;
  assert.doesNotMatch(frontMatter, /^api:/m, 'the operation is not in the front matter');
  const exported = exportedOperationJson(text);
  assert.ok(exported, 'the page exports its operation');
  const curl = (JSON.parse(exported) as {'x-codeSamples': {lang: string; source: string}[]})['x-codeSamples'].find(
    (s) => s.lang === 'Shell',
  );
  assert.match(curl!.source, /training-jobs' \\\n-H 'Content-Type: application\/json' \\\n/);
});

test('generated operation pages hold their operation once: the schemas point to the exported operation', () => {
  const dir = path.join(root, 'api/api-reference/orchard-ai-trainer');
  const pages = readdirSync(dir).filter((name) => name.endsWith('.api.mdx'));
  assert.ok(pages.length > 0, `${dir}: run npm run gen-api-docs first`);
  for (const page of pages) {
    const text = readFileSync(path.join(dir, page), 'utf8');
    const exported = exportedOperationJson(text);
    assert.ok(exported, `${page} exports its operation`);
    const api = JSON.parse(exported) as Record<string, unknown>;
    // The page's text with the operation's JSON as it is, not escaped in its string.
    const written = `${text.replace(/^export const api = .*$/m, '')}\n${exported}`;
    for (const [prop, field] of [
      ['parameters', 'parameters'],
      ['body', 'requestBody'],
      ['responses', 'responses'],
    ] as const) {
      if (api[field] === undefined) continue;
      assert.match(
        text,
        new RegExp(`^  ${prop}=\\{api\\.${field}\\}$`, 'm'),
        `${page}: ${prop} points to api.${field}`,
      );
      const copies = written.split(JSON.stringify(api[field])).length - 1;
      assert.equal(copies, 1, `${page}: api.${field} is written once, in the export`);
    }
  }
});

test('meta descriptions are whole first sentences, as plain text', () => {
  assert.equal(
    plainFirstSentence(
      'Starts training a custom model on your dataset. `model_config` (at least a name and\na model type) and more.',
    ),
    'Starts training a custom model on your dataset.',
  );
  assert.equal(
    plainFirstSentence('Lists [your models](/x) with\ntheir **status**, e.g. READY.\n\nSecond paragraph.'),
    'Lists your models with their status, e.g. READY.',
  );
  // Markdown made from a description's HTML (lib/openapi/descriptions.ts): escapes, hard breaks and
  // entities are text, and no backslash reaches the front matter, whose loader would drop it.
  assert.equal(
    plainFirstSentence(
      'Welcome to the **HTML** API\\\nof [docs](https://x.example/?a=1\\&b=2) for &lt;api key>, v1\\.5.',
    ),
    'Welcome to the HTML API of docs for <api key>, v1.5.',
  );
  // An escaped underscore is text (clarify.io's `\_links` became `\links`, which the front matter
  // refused); a backslash of the text itself is written as the set-minus sign.
  assert.equal(
    plainFirstSentence('The insights are in the \\_links object, saved to C:\\data on _Windows_.'),
    'The insights are in the _links object, saved to C:\u2216data on Windows.',
  );
  assert.equal(plainFirstSentence('&#x41; model of yours.'), 'A model of yours.');
  // Underscores inside names are not emphasis, in code or not; `_id` keeps its leading one.
  assert.equal(
    plainFirstSentence('Sets `batch_size` and max_tokens of _your_ `_id`, __really__.'),
    'Sets batch_size and max_tokens of your _id, really.',
  );
});
