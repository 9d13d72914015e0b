/**
 * The site's bundles use speed/shims/lean-prism-react-renderer.tsx in place of prism-react-renderer
 * (speed/lean-bundle.ts). These tests hold it to the package: every language a page uses
 * is highlighted, and every code block of the content and the reference renders to exactly the
 * HTML the package renders, in both code themes. Rendering every block four times takes about 3 s,
 * so it runs in `npm run test:slow`, not in the unit suite.
 */
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {test} from 'node:test';

import {createElement, type ReactElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import * as pkg from 'prism-react-renderer';
import type {HighlightProps, PrismLib, RenderProps} from 'prism-react-renderer';

import {codeSamples} from '../../lib/samples/write';
import {sampleLanguage} from '../../src/code-samples';
import * as lean from '../../speed/shims/lean-prism-react-renderer';
import {darkCodeTheme, lightCodeTheme} from '../../src/prism-themes';
import {allOperations} from '../../lib/openapi';
import {mediaTypeExamples} from '../../lib/openapi/validate';
import {contentFiles, parseContent, readContent} from '../../lib/content';

const require = createRequire(__filename);

/** What theme-classic's client module does with `prism.additionalLanguages` (docusaurus.config.ts). */
function addLanguage(prism: PrismLib, language: string): void {
  const file = require.resolve(`prismjs/components/prism-${language}`);
  const globals = globalThis as {Prism?: unknown};
  globals.Prism = prism;
  delete require.cache[file]; // the component registers itself once per load: once per Prism here
  require(file);
  delete globals.Prism;
}
const additionalLanguages = ['bash'];
for (const language of additionalLanguages) {
  addLanguage(pkg.Prism as PrismLib, language);
  addLanguage(lean.Prism, language);
}

type Block = {where: string; language: string; code: string};

/** Every fenced code block of the pages. */
function contentBlocks(): Block[] {
  type Node = {
    type: string;
    lang?: string | null;
    value?: string;
    children?: Node[];
    position?: {start: {line: number}};
  };
  const blocks: Block[] = [];
  for (const file of contentFiles()) {
    const visit = (node: Node) => {
      if (node.type === 'code' && node.lang && node.value !== undefined)
        blocks.push({where: `${file}:${node.position?.start.line}`, language: node.lang, code: node.value});
      node.children?.forEach(visit);
    };
    visit(parseContent(readContent(file)) as Node);
  }
  return blocks;
}

/** The reference's blocks: the JSON examples and the generated code samples of one call per API. */
async function referenceBlocks(): Promise<Block[]> {
  const operations = allOperations();
  const examples = operations.flatMap(({spec, operation, responses}) =>
    Object.entries(responses).flatMap(([status, response]) =>
      mediaTypeExamples(response.content?.['application/json'], `${spec.file} ${operation.operationId} ${status}`).map(
        ({label, value}) => ({where: label, language: 'json', code: JSON.stringify(value, null, 2)}),
      ),
    ),
  );
  const samples: Block[] = [];
  for (const entry of operations.filter((op, i, all) => all.findIndex((o) => o.spec === op.spec) === i)) {
    const {spec, operation} = entry;
    for (const sample of await codeSamples({
      ...entry,
      url: `https://api.example${entry.path}`,
      keyHeaders: ['x-api-key'],
    }))
      samples.push({
        where: `${spec.file} ${operation.operationId} ${sample.lang}`,
        // As src/theme/ApiExplorer/CodeSnippets highlights them.
        language: sampleLanguage(sample.lang)!.fence,
        code: sample.source,
      });
  }
  return [...examples, ...samples];
}

/** The markup theme-classic's CodeBlock builds from the render props (lines of token spans). */
function render(
  Highlight: (props: HighlightProps) => ReactElement,
  block: Block,
  theme: typeof lightCodeTheme,
): string {
  const children = ({className, style, tokens, getLineProps, getTokenProps}: RenderProps) =>
    createElement(
      'pre',
      {className, style},
      createElement(
        'code',
        null,
        tokens.map((line, i) =>
          createElement('span', {key: i, ...getLineProps({line, className: 'extra'})}, [
            ...line.map((token, key) => createElement('span', {key, ...getTokenProps({token})})),
          ]),
        ),
      ),
    );
  return renderToStaticMarkup(createElement(Highlight, {language: block.language, code: block.code, theme, children}));
}

test('every language the package highlights for a page is highlighted by the lean Prism', async () => {
  const blocks = [...contentBlocks(), ...(await referenceBlocks())];
  const used = [...new Set(blocks.map((block) => block.language.toLowerCase()))];
  assert.ok(
    used.includes('bash') && used.includes('go') && used.includes('json'),
    `languages found: ${used.join(', ')}`,
  );
  const missing = used.filter((language) => pkg.Prism.languages[language] && !lean.Prism.languages[language]);
  assert.deepEqual(
    missing,
    [],
    `code blocks use ${missing.join(', ')}, which speed/shims/lean-prism-react-renderer.tsx does not load: load its Prism component in loadPrism()`,
  );
});

test('the lean Highlight renders every code block exactly as prism-react-renderer does, in both themes', async () => {
  const blocks = [...contentBlocks(), ...(await referenceBlocks())];
  assert.ok(blocks.length > 100, `only ${blocks.length} code blocks found`);
  for (const block of blocks) {
    for (const theme of [lightCodeTheme, darkCodeTheme]) {
      assert.equal(
        render(lean.Highlight, block, theme),
        render(pkg.Highlight, block, theme),
        `${block.where} (${block.language})`,
      );
    }
  }
});

test('a language no component registers renders as plain text, like the package', () => {
  const block = {where: 'inline', language: 'klingon', code: "Qapla'\n\nbatlh"};
  const html = render(lean.Highlight, block, lightCodeTheme);
  assert.equal(html, render(pkg.Highlight, block, lightCodeTheme));
  assert.match(html, /class="token plain"/);
});

test('the lean Prism leaves no global Prism behind', () => {
  assert.equal((globalThis as {Prism?: unknown}).Prism, undefined);
});
