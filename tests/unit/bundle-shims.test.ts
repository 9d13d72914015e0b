/**
 * speed/lean-bundle.ts and plugins/reference-html.ts swap modules of Docusaurus, of the OpenAPI
 * plugin and theme and of libraries for the shims in speed/shims/ and src/reference-html/. Each shim
 * is a copy of upstream code with a change, written against one version of it: these tests pin the content (sha256) of every upstream file a shim stands for, so an
 * upgrade that changes one fails here until someone has reread the change and carried it into the
 * shim. (tests/build/bundle-shims.test.ts checks in the built bundle that each replacement took effect.)
 */
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';

import {
  everyAlternativeShim,
  renderOnServerShim,
  schemaModule,
  serverRenderedReferenceModules,
} from '../../plugins/reference-html';
import {packageModule} from '../../lib/package-module';
import {replacements} from '../../speed/lean-bundle';

/** sha256 of each upstream file, by its path under node_modules/. */
const pinned: Record<string, string> = {
  '@docusaurus/core/lib/client/browserContext.js': 'f0765ea0de6c682044acc2d1f6f7d474e9ac389591a8e97f877e437c09225b4c',
  'prism-react-renderer/dist/index.mjs': '813d689971589fa1d93ad48c4d554cd50527d5dcf56970bcde20befef1ce3202',
  'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample.js':
    '090d9b18df9472e34a7a66b3d065089bbbdd4ac07b15bc94e5dda667cd382ab8',
  'crypto-js/index.js': '7de6a6041ebd1a43ecd79b59708795ac273930bb36265b41fff832d781e7bb27',
  'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/storage-utils.js':
    '351849df9522d8f20d8228cd9092f4a3b95af55d476f38a345ddd5739cc72622',
  'pako/dist/pako.mjs': '45f37901f1d2ce7811d162bfaad7c622cd6c8de48c58e420244f17c76cc7c41d',
  '@faker-js/faker/locale/en.js': '7d01c8e0f9198a900017c0f8341ebd1cfe35b497dfe698f4738d28054c7e5ef0',
  'postman-collection/lib/superstring/dynamic-variables.js':
    'ca69ee0ba81a191d1fd0edcc2eeaa24e461c14f5cd8bfc6bd7fb7f6a423798a1',
  'postman-collection/lib/collection/property.js': '8692af1f608ce15a02e3620819c2296dc4414c2ba2eaeb90b09da3c67d845727',
  'postman-collection/lib/util.js': '4554f39d6ef41a6dcfb250c36420c6fe4b051aebfbf3dbf152028cc975412bfa',
  'postman-collection/lib/collection/response.js': '5a0e75766a19dec8bcd16b907b43deded8bd5100d56640befb376a5c0b9a1be5',
  'docusaurus-theme-openapi-docs/lib/theme/ApiItem/index.js':
    'fd059f169de5c073fa3e6b57a6574f105e51c3656c57ea53146a65807848f878',
  '@docusaurus/core/lib/client/prefetch.js': '7543271549a9882a308f0fad8155631ab98c0389a75a88946f3be11c8933089c',
  '@docusaurus/core/lib/client/docusaurus.js': 'b0d1dbdc1e3a706fe1ffd91c726d8348c5e4ed6ac95a716f549eb58127a4b202',
  'docusaurus-theme-openapi-docs/lib/theme/ParamsDetails/index.js':
    'be8427f1a1366eb471d04870a755e371354021cae9fee4f1e7f4b799f3f490a9',
  'docusaurus-theme-openapi-docs/lib/theme/RequestSchema/index.js':
    'ce06b111abfc642545c3750df1e7621c0aa5793fd4408aa85b9784560617a8b2',
  '@docusaurus/core/lib/ssg/ssgTemplate.html.js': '5d6584e4a61b22d44bbbd7fe92a7a30352564b5a1dc89853a9bdbbf14d092597',
  '@docusaurus/bundler/lib/minifyHtml.js': '3941436047503edfdb35c7df03dc820980c8c8fac07c9986341ca8d672b25c2c',
  'docusaurus-theme-openapi-docs/lib/theme/ResponseSchema/index.js':
    '6900a2d39665bb9cdbf159afe6e0bf46514e146378b3bebb3f6b17a573d2137b',
  'docusaurus-theme-openapi-docs/lib/theme/Schema/index.js':
    '6ae0000f696ff3ec249e977bbd1e027a994a515b413fc6cd97ac800a92bb82de',
  '@docusaurus/core/lib/webpack/plugins/ChunkAssetPlugin.js':
    'd1fdb10641cef8bb8460f9f9e48dc18d0f86065e8c6e6d7422d5be18147f3257',
  '@docusaurus/core/lib/server/codegen/codegenRoutes.js':
    '6bdf7133ebc411f96e918619faf14543239e27adebe60f4bbb081a392349689c',
  '@docusaurus/core/lib/client/preload.js': '8c1e3de18d307e2fb4aee43f765f1d06b05357889b9923467bef44a358683542',
  '@docusaurus/core/lib/client/normalizeLocation.js':
    '2759003e81bfa6c32540f148b51ed629bd449b8b0bec6c0a0817247a56eb588e',
  '@docusaurus/core/lib/client/exports/ComponentCreator.js':
    '5f99bdbd725f6e0b2943d25f99c93205952e9b45ac78c76b63f62a767bbba363',
  '@docusaurus/core/lib/client/App.js': '1442f48492b535165d7e2767d4d1615713bb517a883c5142113740aaef086cba',
  '@docusaurus/plugin-content-docs/lib/client/docsUtils.js':
    'cab6060db00dcb796b74288d22d84fac9f64ea83c0b20a109ed377b35726f6d6',
  '@docusaurus/plugin-content-docs/lib/globalData.js':
    '192cde2ebaf1ba1424d9a9be9a0f03f77cc4e8385ca36a6c577899fe98df9920',
  '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js':
    '444c91b32c4a549ccf1710e995635887b6cd2433e6dce6a2bfbf17ecc2bf6ca3',
  '@docusaurus/core/lib/ssg/ssgExecutor.js': 'd39e469f8adb08eccca9755df0c1f36f74bc3c3531a10f873be9b152b885bef8',
  '@docusaurus/core/lib/commands/build/buildLocale.js':
    '8cd1f296d9e9efa05dac0f893c8eb3f9056d27948fc0353c010737d5a6e86da0',
  '@docusaurus/bundler/lib/compiler.js': '48f41ada6527b970e0e22cfa5ed212e0794564216cc6d3e774b0fd0f469b8558',
  'react-router/esm/react-router.js': '959b74b77b5f2b69ac588c508f2d9b4d9b5cc26efa16a85de0ebed4b645c7b07',
  '@docusaurus/theme-common/lib/utils/routesUtils.js':
    'f5f678e39a00ecf345e453767360a352ece73feeab6fc3194dfc2b65e90ccfe3',
  'react-router-config/esm/react-router-config.js': '70a542193f5cf957aea639cc54b9a944cdbf301a17b1bf25ef323c11653cd991',
  '@docusaurus/mdx-loader/lib/loader.js': '90bbdae6eed64a30a1764e7afc27bec1cbfd95a7153b009164711cee03603b1b',
  '@docusaurus/mdx-loader/lib/createMDXLoader.js': '48926a21a7cfc2ce7637a67e5b797a00e69d5e6a6f58871524f4dfa656dd93ad',
};

const underNodeModules = (file: string) => file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length);
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function assertPinned(upstream: string, shim: string): void {
  const key = underNodeModules(upstream);
  const shimFile = path.relative(process.cwd(), shim);
  assert.ok(existsSync(upstream), `${key} is gone: ${shimFile} stands for a file an upgrade removed`);
  assert.ok(key in pinned, `${key}: no pinned sha256 (add it to tests/unit/bundle-shims.test.ts)`);
  assert.equal(
    sha256(upstream),
    pinned[key],
    `node_modules/${key} changed (an upgrade?). ${shimFile} replaces or relies on it: reread the upstream change, carry it into the shim (or drop the shim if upstream now does the same), then update the pinned sha256 in tests/unit/bundle-shims.test.ts.`,
  );
}

const docusaurusCore = path.dirname(require.resolve('@docusaurus/core/package.json'));

const shimsByUpstream = [
  ...replacements.flatMap(({upstream, shim}) => upstream.map((file) => ({file, shim}))),
  ...serverRenderedReferenceModules.map((file) => ({file, shim: renderOnServerShim})),
  {file: schemaModule, shim: everyAlternativeShim},
  // speed/page-chunks.ts stands in for Docusaurus' chunk-asset runtime function when chunk ids are names.
  {
    file: path.join(docusaurusCore, 'lib/webpack/plugins/ChunkAssetPlugin.js'),
    shim: path.resolve(__dirname, '../../speed/page-chunks.ts'),
  },
  // speed/lean-docs-global-data.ts drops the doc list the docs plugin's global data makes and its client reads.
  ...['lib/globalData.js', 'lib/client/docsClientUtils.js'].map((file) => ({
    file: path.join(path.dirname(require.resolve('@docusaurus/plugin-content-docs')), '..', file),
    shim: path.resolve(__dirname, '../../speed/lean-docs-global-data.ts'),
  })),
  // Replaced at run time: executeSSG and compile, which the build reads from their modules at each call.
  {
    file: path.join(docusaurusCore, 'lib/ssg/ssgExecutor.js'),
    shim: path.resolve(__dirname, '../../speed/ssg-cache.ts'),
  },
  ...[
    {file: path.join(docusaurusCore, 'lib/commands/build/buildLocale.js'), shim: 'ssg-cache.ts'},
    {file: path.join(docusaurusCore, 'lib/commands/build/buildLocale.js'), shim: 'bundle-cache.ts'},
    {file: require.resolve('@docusaurus/bundler/lib/compiler.js', {paths: [docusaurusCore]}), shim: 'bundle-cache.ts'},
  ].map(({file, shim}) => ({file, shim: path.resolve(__dirname, '../../speed', shim)})),
  // speed/unminified-html.ts turns Docusaurus' HTML minifier off by its environment variable.
  {
    file: require.resolve('@docusaurus/bundler/lib/minifyHtml.js', {paths: [docusaurusCore]}),
    shim: path.resolve(__dirname, '../../speed/unminified-html.ts'),
  },
  // speed/operation-past-mdx-loader.ts calls mdx-loader (answering through this.async()) in the rule
  // createMDXLoaderRule makes, which speed/operation-past-mdx.ts finds.
  ...['loader.js', 'createMDXLoader.js'].map((file) => ({
    file: path.join(path.dirname(require.resolve('@docusaurus/mdx-loader')), file),
    shim: path.resolve(__dirname, '../../speed/operation-past-mdx-loader.ts'),
  })),
  // The page template of speed/boot-after-paint.ts is a copy of Docusaurus' own.
  {
    file: path.join(docusaurusCore, 'lib/ssg/ssgTemplate.html.js'),
    shim: path.resolve(__dirname, '../../speed/boot-after-paint.ts'),
  },
];

for (const {file, shim} of shimsByUpstream)
  test(`${path.basename(shim)}: ${underNodeModules(file)} is the version the shim was written against`, () => {
    assertPinned(file, shim);
  });

test('every pinned hash belongs to a replacement in use', () => {
  const used = new Set(shimsByUpstream.map(({file}) => underNodeModules(file)));
  assert.deepEqual(
    Object.keys(pinned).filter((key) => !used.has(key)),
    [],
    'stale pins: remove them',
  );
});

test('a changed upstream file fails with a message that names it and says what to do', () => {
  const [{file, shim}] = shimsByUpstream as [(typeof shimsByUpstream)[number]];
  const original = pinned[underNodeModules(file)];
  pinned[underNodeModules(file)] = '0'.repeat(64);
  try {
    assert.throws(
      () => assertPinned(file, shim),
      (error: Error) =>
        error.message.includes(`node_modules/${underNodeModules(file)} changed`) &&
        error.message.includes('reread the upstream change') &&
        error.message.includes(path.basename(shim)),
    );
  } finally {
    pinned[underNodeModules(file)] = original!;
  }
});

test("postman-faker-unused.ts: postman-collection's dynamic variables load with it, and one called says why it fails", () => {
  const file = packageModule('postman-collection/package.json', 'lib/superstring/dynamic-variables.js');
  const upstreamRequire = createRequire(file);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const shim = require('../../speed/shims/postman-faker-unused') as unknown;
  const loaded = {exports: {} as Record<string, {generator: () => unknown}>};
  // The module as the bundle runs it: its requests to faker answered by the shim.
  new Function('require', 'module', 'exports', readFileSync(file, 'utf8'))(
    (request: string) => (request === '@faker-js/faker/locale/en' ? shim : upstreamRequire(request)),
    loaded,
    loaded.exports,
  );
  const variables = loaded.exports;
  assert.ok(Object.keys(variables).length > 50, `${Object.keys(variables).length} dynamic variables`);
  assert.match(String(variables.$guid!.generator()), /^[0-9a-f-]{36}$/, 'those without faker still work');
  assert.throws(
    () => variables.$randomCity!.generator(),
    /faker\.address\.city: the site leaves out Postman's dynamic variables/,
  );
});

test('postman-iconv-utf8.ts: postman-collection reads a body in another charset as UTF-8', () => {
  const file = packageModule('postman-collection/package.json', 'lib/util.js');
  const upstreamRequire = createRequire(file);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const shim = require('../../speed/shims/postman-iconv-utf8') as unknown;
  const loaded = {exports: {} as {bufferOrArrayBufferToString: (buffer: Buffer, charset: string) => string}};
  new Function('require', 'module', 'exports', '__dirname', readFileSync(file, 'utf8'))(
    (request: string) => (request === 'iconv-lite' ? shim : upstreamRequire(request)),
    loaded,
    loaded.exports,
    path.dirname(file),
  );
  assert.equal(
    loaded.exports.bufferOrArrayBufferToString(Buffer.from('café crème', 'utf8'), 'shift_jis'),
    'café crème',
  );
});
