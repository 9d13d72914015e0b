import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {exportedOperationJson} from '../../lib/openapi/api-page';
import {passOperationsAroundMdx} from '../../speed/operation-past-mdx';
import {operationLiteralRange, operationPlaceholder, withOperation} from '../../speed/operation-past-mdx-loader';

const root = path.resolve(__dirname, '../..');
const referenceDir = path.join(root, 'api/api-reference/orchard-ai-trainer');

function operationPages(): string[] {
  const pages = readdirSync(referenceDir).filter((name) => name.endsWith('.api.mdx'));
  assert.ok(pages.length > 0, `${referenceDir}: run npm run gen-api-docs first`);
  return pages.map((name) => path.join(referenceDir, name));
}

test('MDX reads a placeholder for the operation, and its output gets the operation back: the same module', async () => {
  const {compile} = await import('@mdx-js/mdx');
  for (const file of operationPages()) {
    const page = readFileSync(file, 'utf8');
    const range = operationLiteralRange(page);
    assert.ok(range, `${file}: the operation's string is found`);
    const literal = page.slice(...range);
    assert.equal(JSON.parse(literal), exportedOperationJson(page));
    const withPlaceholder = page.slice(0, range[0]) + operationPlaceholder + page.slice(range[1]);
    const whole = String(await compile(page));
    const around = withOperation(String(await compile(withPlaceholder)), literal, file);
    assert.equal(around, whole, `${file}: what the bundler gets is what MDX makes of the whole page`);
  }
});

test("a page without the operation's export is no operation page; MDX's output without the placeholder fails, naming the page", () => {
  for (const mdx of [
    '---\ntitle: Guide\n---\n\nexport const api = {inline: true};\n\nText.\n',
    'export const api = JSON.parse(text);\n',
    'Text about export const api = JSON.parse("x");\n',
  ])
    assert.equal(operationLiteralRange(mdx), undefined, mdx);
  assert.deepEqual(operationLiteralRange('export const api = JSON.parse("{}");'), [30, 34]);
  // `$&` in the operation stays text: no replacement pattern.
  const literal = JSON.stringify(JSON.stringify({a: '"$&"'}));
  assert.equal(
    withOperation(`export const api = JSON.parse(${operationPlaceholder});`, literal, 'p.api.mdx'),
    `export const api = JSON.parse(${literal});`,
  );
  assert.throws(
    () => withOperation('export const api = 1;', literal, 'a/p.api.mdx'),
    /^Error: a\/p\.api\.mdx: MDX's output names __orchardOperationJson__ nowhere/,
  );
  assert.throws(
    () => withOperation(`${operationPlaceholder}${operationPlaceholder}`, literal, 'p.api.mdx'),
    /names __orchardOperationJson__ twice/,
  );
});

test("mdx-loader is swapped in the API docs' rule only, once for the client's and the server's configurations", () => {
  const mdxLoader = require.resolve('@docusaurus/mdx-loader');
  const options = {crossCompilerCache: new Map()};
  // The docs plugin returns the same rule object to both configurations, its folders with a trailing separator.
  const apiRule = {
    test: /\.mdx?$/i,
    include: ['/site/i18n/en/api/current/', '/site/api/'],
    use: [{loader: mdxLoader, options}],
  };
  const guidesRule = {test: /\.mdx?$/i, include: ['/site/docs/'], use: [{loader: mdxLoader, options}]};
  const rules = [{test: /\.css$/}, guidesRule, apiRule];
  assert.equal(passOperationsAroundMdx(rules, '/site/api', '/speed/loader.ts'), 1);
  assert.equal(passOperationsAroundMdx(rules, '/site/api', '/speed/loader.ts'), 1, 'the second configuration');
  assert.deepEqual(apiRule.use, [{loader: '/speed/loader.ts', options}]);
  assert.equal(apiRule.use[0]!.options, options, "mdx-loader's own options, the same object");
  assert.equal(guidesRule.use[0]!.loader, mdxLoader);
  assert.equal(passOperationsAroundMdx([guidesRule], '/site/api', '/speed/loader.ts'), 0);
});
