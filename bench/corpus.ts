/**
 * `npm run bench:corpus`: what the large real descriptions of the corpus (tests/fixtures/openapi-corpus/:
 * OpenAI's, Mistral's, Stripe's, and Slack's Swagger 2.0 Web API, which the corpus suite reads without a
 * build) cost to build, beside our own four.
 *
 * For our site as it is, then for each large description, it copies the site into a temporary folder
 * (the description added as a maintainer adds an API: tests/support/corpus-site.ts), builds it cold
 * with `npm run build`, one build at a time, and prints per site: its operations (and webhooks), the
 * build's time, the peak memory of its whole process tree (sampled from /proc, as bench:scale does),
 * each per operation, and the largest file of the added API's pages (its generated MDX, its HTML).
 * `--only ours,openai` builds those alone. The working tree is never changed.
 */
import {mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {loadDescription, operationsOf, webhooksOf} from '../lib/openapi';
import {openApiSpecs, referenceOutputDir, type OpenApiSpec} from '../lib/openapi/specs';
import {measure, trackedSiteCopy, type Run} from '../tests/support/scale';
import {corpusFiles} from '../tests/support/corpus';
import {addToSite} from '../tests/support/corpus-site';

/** The large descriptions of the corpus, by the name this bench gives each. */
const large = {
  openai: 'openai.json.gz',
  mistral: 'mistral.json.gz',
  stripe: 'stripe-spec3.json.gz',
  slack: 'swagger2-slack-web-api.json.gz',
} as const;

type Result = {
  name: string;
  operations: number;
  webhooks: number;
  run: Run;
  /** The largest generated MDX and built HTML of the added API's pages (ours: of all four). */
  largest: {file: string; bytes: number};
  /** Lines of the build's output that warn about the HTML of a page (the minifier's), and the pages they name. */
  warnings: string[];
};

/** The largest `.api.mdx` or `index.html` under the folders given, named from `site`. */
function largestPageFile(site: string, folders: string[]): {file: string; bytes: number} {
  let largest = {file: '', bytes: 0};
  for (const folder of folders.map((dir) => path.join(site, dir)))
    for (const entry of readdirSync(folder, {withFileTypes: true, recursive: true})) {
      if (!entry.isFile() || !/\.api\.mdx$|^index\.html$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const bytes = statSync(file).size;
      if (bytes > largest.bytes) largest = {file: path.relative(site, file), bytes};
    }
  return largest;
}

/** The folders of a description's pages: generated MDX, and built HTML. */
const pageFolders = (spec: OpenApiSpec) => [referenceOutputDir(spec), `build/${referenceOutputDir(spec)}`];

async function build(name: string, root: string): Promise<Result> {
  const site = trackedSiteCopy(path.join(root, name));
  const entry = name === 'ours' ? undefined : large[name as keyof typeof large];
  const added = entry
    ? addToSite(
        site,
        corpusFiles(path.join(root, 'unpacked')).filter((file) => file.name === entry),
      )
    : [];
  const specs = added.length > 0 ? added.map(({spec}) => spec) : [...openApiSpecs];
  let operations = 0;
  let webhooks = 0;
  for (const spec of specs) {
    const doc = loadDescription(path.join(site, spec.file));
    operations += operationsOf(spec, doc).length;
    webhooks += webhooksOf(spec, doc).length;
  }
  console.error(`[bench:corpus] ${name}: a cold build in ${site}`);
  const run = await measure('npm', ['run', '--silent', 'build'], site, {CI: 'true'});
  return {
    name,
    operations,
    webhooks,
    run: {...run, memory: {...run.memory, samples: []}, lines: []},
    largest: largestPageFile(site, specs.flatMap(pageFolders)),
    warnings: run.output
      .split('\n')
      // eslint-disable-next-line no-control-regex -- the logger colours its output
      .map((line) => line.replace(/\u001b\[[0-9;]*m/g, ''))
      // The minifier's diagnostics, each under the line naming its page (`- "/api/…":`).
      .filter((line) => /HTML minifier diagnostic|^- "\/.*":$/.test(line)),
  };
}

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function printTable(results: Result[]): void {
  const ours = results.find((result) => result.name === 'ours');
  console.log(
    '\n| site | operations (+ webhooks) | cold build | per operation | peak memory, tree | above ours, per added operation | largest page file |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const result of results) {
    const pages = result.operations + result.webhooks;
    // The site with a description added builds our four's pages too: the build's cost per page of the added API.
    const site = result.name === 'ours' ? pages : pages + (ours ? ours.operations + ours.webhooks : 0);
    const above =
      ours && result !== ours
        ? `${(((result.run.memory.total - ours.run.memory.total) / pages) * 1024 ** -2).toFixed(1)} MB`
        : '—';
    console.log(
      `| ${result.name === 'ours' ? 'ours (our four descriptions)' : `ours + ${large[result.name as keyof typeof large]}`} | ${result.operations}${result.webhooks ? ` (+ ${result.webhooks})` : ''} | ${result.run.seconds.toFixed(1)} s | ${((result.run.seconds / site) * 1000).toFixed(0)} ms | ${gb(result.run.memory.total)} | ${above} | ${kb(result.largest.bytes)} (\`${result.largest.file}\`) |`,
    );
  }
  for (const result of results.filter(({warnings}) => warnings.length > 0))
    console.log(
      `\n${result.name}: ${result.warnings.length} warnings about pages' HTML:\n${result.warnings.join('\n')}`,
    );
  console.log(`\nMachine: ${os.cpus().length} cores, ${gb(os.totalmem())}; Node ${process.version}.`);
}

async function main(): Promise<void> {
  const {values} = parseArgs({options: {only: {type: 'string', default: `ours,${Object.keys(large).join(',')}`}}});
  const names = values.only.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => name !== 'ours' && !(name in large));
  if (unknown.length > 0)
    throw new Error(`--only ${values.only}: no ${unknown.join(', ')} (ours, ${Object.keys(large).join(', ')})`);
  const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-bench-corpus-'));
  const results: Result[] = [];
  try {
    for (const name of names) {
      results.push(await build(name, root));
      // Each copy goes once measured: the next build starts on a machine as idle as the first.
      rmSync(path.join(root, name), {recursive: true, force: true});
    }
  } finally {
    rmSync(root, {recursive: true, force: true});
  }
  printTable(results);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(`bench:corpus: ${(error as Error).message}`);
    process.exit(1);
  });
