/** The pieces of plugins/llms-txt.ts, llms-files.ts and html-markdown.ts, on small inputs (the built twins: markdown-twins*.test.ts). */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';

import {repoRoot} from '../../lib/openapi';
import {htmlToMarkdown} from '../../plugins/html-markdown';
import {runInWorker} from '../../lib/in-worker';
import {firstSentence} from '../../lib/first-sentence';
import {summaryOf, type LlmsFilesInput} from '../../plugins/llms-files';
import {routesInListOrder} from '../../plugins/llms-txt';

test('a summary is the first whole sentence, never a cut one', () => {
  assert.equal(
    firstSentence('Starts training a custom model on your dataset. `model_config` (at least a name) is required.'),
    'Starts training a custom model on your dataset.',
  );
  assert.equal(
    firstSentence('Lists models, e.g. the pre-trained ones. More.'),
    'Lists models, e.g. the pre-trained ones.',
  );
  assert.equal(
    firstSentence('Runs a batch of up to 20 queries through one of your custom models and returns a list'),
    '',
  );
  assert.equal(
    summaryOf('Runs a batch and returns a list', '# T\n\n| a |\n\nThe page says this. And more.'),
    'The page says this.',
  );
});

test('routes are listed by section, reference first, the site pages last', () => {
  const sections = routesInListOrder(['/', '/docs/intro', '/api/api-reference/x', '/api/', '/tutorials/a']);
  assert.deepEqual(
    sections.map((section) => [section.title, section.routes]),
    [
      ['API reference', ['/api/api-reference/x']],
      ['API guides', ['/api/']],
      ['Docs', ['/docs/intro']],
      ['Tutorials', ['/tutorials/a']],
      ['Site', ['/']],
    ],
  );
});

const codeBlock = (language: string, title: string, lines: string[]) =>
  `<div class="language-${language} codeBlockContainer_x theme-code-block">${title ? `<div class=codeBlockTitle_y>${title}</div>` : ''}<div class=codeBlockContent_z><pre class="prism-code language-${language}"><code>${lines
    .map((line) => `<div class=token-line><span class="token plain">${line}</span><br/></div>`)
    .join(
      '',
    )}</code></pre><div class=buttonGroup_q><button aria-label="Copy code to clipboard">Copy</button></div></div></div>`;

const docPage = (content: string) =>
  `<html><head><title>Quickstart | Orchard AI</title><meta name=description content="Make a call."></head><body><div id=__docusaurus_skipToContent_fallback><main><article><nav class=theme-doc-breadcrumbs><a href=/>home</a></nav><div class="theme-doc-markdown markdown"><header><h1>Quickstart</h1></header>${content}</div><nav class=pagination-nav><a href=/x>Previous</a></nav></article></main></div></body></html>`;

test('a code block keeps its lines, language and title; the copy button goes', () => {
  const {title, description, markdown} = htmlToMarkdown(
    docPage(codeBlock('json', 'Response', ['{', '', '  "a": 1', '}'])),
    'Orchard AI',
  );
  assert.equal(title, 'Quickstart');
  assert.equal(description, 'Make a call.');
  assert.equal(markdown, '# Quickstart\n\n```json title="Response"\n{\n\n  "a": 1\n}\n```\n');
});

test('a tab group becomes a labelled section per tab, in tab order', () => {
  const tabs = `<div class="theme-tabs-container tabs-container"><ul role=tablist><li role=tab>curl<li role=tab>Python</ul><div class=margin-top--md><div role=tabpanel>${codeBlock('bash', '', ['curl x'])}</div><div role=tabpanel hidden>${codeBlock('python', '', ['import os'])}</div></div></div>`;
  const {markdown} = htmlToMarkdown(docPage(tabs), 'Orchard AI');
  assert.equal(
    markdown,
    '# Quickstart\n\n**curl**\n\n```bash\ncurl x\n```\n\n**Python**\n\n```python\nimport os\n```\n',
  );
});

test('a page without an H1 in its content starts with its title', () => {
  const html =
    '<html><head><title>Home | Orchard AI</title></head><body><div id=__docusaurus_skipToContent_fallback><main><p>Hello.</p></main></div></body></html>';
  assert.equal(htmlToMarkdown(html, 'Orchard AI').markdown, '# Home\n\nHello.\n');
});

test('a code block in a list item stays whole, indented to the item, with blank lines left empty', () => {
  const list = `<ol><li><p>Run:</p>${codeBlock('python', '', ['a = 1', '', 'print(a)'])}</li><li>Done.</li></ol>`;
  const {markdown} = htmlToMarkdown(docPage(list), 'Orchard AI');
  assert.equal(markdown, '# Quickstart\n\n1. Run:\n\n   ```python\n   a = 1\n\n   print(a)\n   ```\n\n2. Done.\n');
});

// The plugin writes the twins in a worker thread (lib/in-worker.ts): the files must appear, and a
// failure must reach the build with the worker's message.
test('writeLlmsFiles runs in a worker thread: it writes the twins, and its errors reach the caller', async () => {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'orchard-llms-worker-'));
  try {
    mkdirSync(path.join(outDir, 'docs/intro'), {recursive: true});
    writeFileSync(
      path.join(outDir, 'docs/intro/index.html'),
      '<html><head><title>Intro | Orchard AI</title></head><body><main><article><div class="theme-doc-markdown markdown"><h1>Intro</h1><p>Start here. Then go on.</p></div></article></main></body></html>',
    );
    const input: LlmsFilesInput = {
      outDir,
      siteDir: repoRoot,
      siteTitle: 'Orchard AI',
      tagline: 'Tagline.',
      siteUrl: 'https://docs.example',
      sections: [{title: 'Docs', routes: ['/docs/intro']}],
    };
    await runInWorker(require.resolve('../../plugins/llms-files'), 'writeLlmsFiles', input);
    assert.match(
      readFileSync(path.join(outDir, 'docs/intro.md'), 'utf8'),
      /^---\ntitle: "Intro"[\s\S]*# Intro\n\nStart here\. Then go on\./,
    );
    assert.match(
      readFileSync(path.join(outDir, 'llms.txt'), 'utf8'),
      /- \[Intro\]\(https:\/\/docs\.example\/docs\/intro\.md\): Start here\./,
    );
    assert.match(
      readFileSync(path.join(outDir, 'llms-full.txt'), 'utf8'),
      /Source: https:\/\/docs\.example\/docs\/intro\n/,
    );

    // A site without generated descriptions: the worker's error, with the module and function named.
    await assert.rejects(
      runInWorker(require.resolve('../../plugins/llms-files'), 'writeLlmsFiles', {...input, siteDir: outDir}),
      /plugins\/llms-files\.ts writeLlmsFiles: Error: .*is missing: run npm run gen-api-docs/,
    );
  } finally {
    rmSync(outDir, {recursive: true, force: true});
  }
});
