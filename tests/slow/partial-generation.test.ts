/**
 * When an edit changes some operations and nothing else, gen-api-docs generates only their pages
 * (scripts/gen-api-docs.ts, lib/openapi/generation.ts pagesToGenerate): what `npm start` runs on each
 * save. In a temporary copy of the site with three descriptions added as published (Mistral's, whose
 * answers stream, the corpus' streams, and the Initiative's callback example, whose callback has a page
 * of its own), one operation of each and of ours is edited; the pages
 * generated from the changed operations alone must be byte for byte the pages a whole generation
 * (`--force`) writes from the same files, and every other page must stay untouched.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {addToSite} from '../support/corpus-site';
import {corpusFiles} from '../support/corpus';
import {trackedSiteCopy} from '../support/scale';
import {loadDescription} from '../../lib/openapi';
import {referenceOutputDir} from '../../lib/openapi/specs';

const root = mkdtempSync(path.join(tmpdir(), 'orchard-partial-generation-'));
after(() => rmSync(root, {recursive: true, force: true}));

function genApiDocs(site: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-api-docs.ts', ...args], {
    cwd: site,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 ** 2,
  });
  const output = `${run.stdout}${run.stderr}`;
  assert.equal(run.status, 0, `gen-api-docs ${args.join(' ')} failed:\n${output.slice(-4000)}`);
  return output;
}

/** Every file of a reference folder, with its bytes and modification time. */
function snapshot(dir: string): Map<string, {text: string; mtimeMs: number}> {
  return new Map(
    readdirSync(dir, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), {text: readFileSync(file, 'utf8'), mtimeMs: statSync(file).mtimeMs}];
      }),
  );
}

/** A description's first operation with a sentence before its description, written back as JSON (valid YAML). */
function editFirstOperation(file: string, sentence: string): void {
  const doc = loadDescription(file) as unknown as {paths: Record<string, Record<string, {description?: string}>>};
  const [item] = Object.values(doc.paths);
  const method = ['get', 'put', 'post', 'delete', 'patch'].find((candidate) => item![candidate])!;
  item![method]!.description = `${sentence} ${item![method]!.description ?? ''}`.trim();
  writeFileSync(file, JSON.stringify(doc, null, 1));
}

test(
  'pages generated from the edited operations alone are the pages a whole generation writes',
  {timeout: 900_000},
  () => {
    const site = trackedSiteCopy(path.join(root, 'site'));
    const added = addToSite(
      site,
      corpusFiles(path.join(root, 'corpus')).filter(({name}) =>
        ['mistral.json.gz', 'streams.yaml', 'oai-callback-example.yaml'].includes(name),
      ),
    );
    const specs = [
      {id: 'trainer', file: 'openapi/trainer.yaml', dir: path.join(site, 'api/api-reference/orchard-ai-trainer')},
      ...added.map(({spec}) => ({id: spec.id, file: spec.file, dir: path.join(site, referenceOutputDir(spec))})),
    ];
    const only = specs.map(({id}) => id).join(',');
    genApiDocs(site);
    const before = new Map(specs.map(({id, dir}) => [id, snapshot(dir)]));

    // Ours by hand, in its YAML; the others as a tool would write them.
    const trainer = path.join(site, 'openapi/trainer.yaml');
    const yaml = readFileSync(trainer, 'utf8');
    const summaryLine = '      summary: Get a custom model\n      description: |\n';
    assert.ok(yaml.includes(summaryLine));
    writeFileSync(trainer, yaml.replace(summaryLine, `${summaryLine}        Edited while the site runs.\n`));
    for (const {file} of specs.slice(1)) editFirstOperation(path.join(site, file), 'Edited while the site runs.');

    const partial = genApiDocs(site, '--only', only);
    for (const {file} of specs)
      assert.match(partial, new RegExp(`${file.replaceAll('.', '\\.')}: only (one operation|\\d+ operations) changed`));
    const generated = new Map(specs.map(({id, dir}) => [id, snapshot(dir)]));
    for (const {id} of specs) {
      const [was, now] = [before.get(id)!, generated.get(id)!];
      assert.deepEqual([...now.keys()].sort(), [...was.keys()].sort(), `${id}: the same files`);
      const changed = [...now].filter(([file, {text}]) => text !== was.get(file)!.text).map(([file]) => file);
      assert.equal(changed.length, 1, `${id}: pages changed: ${changed.join(', ')}`);
      assert.match(changed[0]!, /\.api\.mdx$/);
      assert.match(now.get(changed[0]!)!.text, /Edited while the site runs\./);
      const touched = [...now].filter(([file, {mtimeMs}]) => mtimeMs !== was.get(file)!.mtimeMs).map(([file]) => file);
      assert.deepEqual(touched, changed, `${id}: files written`);
    }

    // The partial run took the descriptions it had made Markdown before from the last run's memo
    // (lib/openapi/generation.ts, lastMarkdownMemo); `--force` parses each again.
    const mistral = specs.find(({file}) => file.includes('mistral'))!;
    const memo = JSON.parse(readFileSync(path.join(site, '.generated', `${mistral.id}.markdown.json`), 'utf8')) as {
      made: unknown[];
    };
    assert.ok(memo.made.length > 0, `Mistral's memo holds ${memo.made.length} descriptions`);
    const whole = genApiDocs(site, '--only', only, '--force');
    assert.doesNotMatch(whole, /only (one operation|\d+ operations) changed/);
    for (const {id, dir} of specs) {
      const forced = snapshot(dir);
      for (const [file, {text}] of generated.get(id)!)
        assert.equal(text, forced.get(file)?.text, `${id}: ${file} differs from the whole generation's`);
    }

    // npm start on another provider's description alone: its pages move in before the lint's verdict,
    // which comes after them (lib/openapi/lint.ts, lintVerdictGates); ours above were held to it first.
    editFirstOperation(path.join(site, mistral.file), 'Edited again.');
    const alone = genApiDocs(site, '--only', mistral.id);
    const written = alone.search(new RegExp(`${mistral.file.replaceAll('.', '\\.')}: 1 page written`));
    const linted = alone.search(/Redocly's rules find problems in descriptions not held strictly/);
    assert.ok(written >= 0 && linted > written, `the pages, then the lint's verdict:\n${alone.slice(-3000)}`);
    assert.ok(whole.search(/Redocly's rules find problems/) < whole.search(/ pages? written/), 'a build waits for it');
    assert.ok(
      [...snapshot(mistral.dir).values()].some(({text}) => text.includes('Edited again.')),
      'its page, edited',
    );
  },
);
