/**
 * docusaurus-plugin-openapi-docs' own `gen-api-docs` command, run without the Docusaurus CLI:
 * `node --import tsx scripts/generate-reference-pages.ts [--when-told] [--stage <folder>] <id>...`.
 * scripts/gen-api-docs.ts starts it with `--when-told` before it lints the descriptions and writes
 * their copies with code samples: it loads its modules and makes the plugin meanwhile, then waits for
 * the line `generate` on its standard input (about a second off gen-api-docs at 15 operations; bench/README.md, "Tricks without a
 * switch"); should that input end first, it exits with code 1 and says nothing (gen-api-docs
 * has said why).
 * `docusaurus gen-api-docs` loads the whole site and initialises every plugin (3,000 modules) for a
 * command that needs two things of the site: the plugin's options and where the docs instance it
 * writes into lives. Both are given here as docusaurus.config.ts gives them (lib/openapi/plugin-options.ts;
 * a unit test holds the two to each other), and the plugin is made, its options validated and its
 * command registered and run the way Docusaurus does it: the pages are byte for byte the same, in
 * about a second less for today's four descriptions. Told a copy for a description (lib/when-told.ts),
 * it generates from that copy (the operations an edit changed); told null, none of its pages.
 */
import {mkdirSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

import type {LoadContext} from '@docusaurus/types';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
// The plugin's code with its own declarations (the package's types describe its options only).
import pluginOpenAPIDocs from 'docusaurus-plugin-openapi-docs/lib/index';

import {openApiPluginOptions, siteConfigForGeneration} from '../lib/openapi/plugin-options';
import {toldToGenerate, whenToldFlag, type Told} from '../lib/when-told';

const siteDir = path.resolve(__dirname, '..');

/**
 * Runs the plugin's `gen-api-docs <id> --plugin-id openapi` for each id in turn; with `goAhead`, only
 * once it tells what to generate from (its modules are loaded by then; the plugin is made after, as its
 * options name the copies told). A description the plugin fails on is named in the error.
 */
async function generateReferencePages(ids: readonly string[], goAhead?: Promise<Told | undefined>): Promise<boolean> {
  const told = goAhead ? await goAhead : {};
  if (!told) return false;
  // The plugin's options with their defaults, as Docusaurus validates them before it makes the plugin.
  const given = pluginOptions(told);
  const options = pluginOpenAPIDocs.validateOptions({options: given, validate: normalizePluginOptions});
  // The plugin's command finds its options again in the site's configuration, by plugin id.
  const siteConfig = {
    ...siteConfigForGeneration,
    plugins: siteConfigForGeneration.plugins.map((entry) =>
      entry[0] === 'docusaurus-plugin-openapi-docs' ? [entry[0], given] : entry,
    ),
  };
  const plugin = pluginOpenAPIDocs({siteDir, siteConfig} as unknown as LoadContext, options);
  // The command line Docusaurus hands to extendCli: its own commander.
  const {Command} = createRequire(require.resolve('@docusaurus/core/package.json'))('commander') as {
    Command: new () => {parseAsync(argv: string[]): Promise<unknown>};
  };
  for (const id of ids) {
    if (told[id] === null) continue;
    const cli = new Command();
    plugin.extendCli!(cli as never);
    try {
      await cli.parseAsync(['node', 'docusaurus', 'gen-api-docs', id, '--plugin-id', openApiPluginOptions.id]);
    } catch (error) {
      // The plugin may reject with a bare string: said with the description it came from.
      const file = openApiPluginOptions.config[id]?.specPath ?? id;
      throw new Error(
        `${file}: the OpenAPI plugin could not generate its pages: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return true;
}

/**
 * `--stage <folder>`: the pages are written under that folder, in the site's layout, instead of the
 * site's (scripts/gen-api-docs.ts then moves in the changed ones, lib/openapi/generation.ts). The plugin
 * writes its output folders and reads its templates relative to the working folder: the folders stay
 * relative, so the pages' ids are the same; the templates are made absolute.
 */
const stageAt = process.argv.indexOf('--stage');
const stage = stageAt >= 0 ? process.argv[stageAt + 1] : undefined;

function pluginOptions(told: Told): typeof openApiPluginOptions {
  const fromSite = (file: string | undefined) => (file && stage ? path.resolve(siteDir, file) : file);
  const config = Object.fromEntries(
    Object.entries(openApiPluginOptions.config).map(([id, entry]) => [
      id,
      {
        ...entry,
        specPath: told[id] ?? entry.specPath,
        template: fromSite(entry.template)!,
        infoTemplate: fromSite(entry.infoTemplate)!,
      },
    ]),
  );
  return {...openApiPluginOptions, config};
}

const whenTold = process.argv.includes(whenToldFlag);
const ids = process.argv
  .slice(2)
  .filter((arg, index, all) => arg !== whenToldFlag && arg !== '--stage' && all[index - 1] !== '--stage');
if (stage) {
  mkdirSync(stage, {recursive: true});
  process.chdir(stage);
}
if (ids.length === 0) {
  console.error(
    `usage: node --import tsx scripts/generate-reference-pages.ts [${whenToldFlag}] [--stage <folder>] <description id>...`,
  );
  process.exit(2);
}
const goAhead = whenTold ? toldToGenerate(process.stdin) : undefined;
// A failure inside the plugin's generation ends this process with the error naming the description,
// and a non-zero code, as it ends the Docusaurus command.
generateReferencePages(ids, goAhead).then(
  (generated) => {
    // Nothing more is read from it, and an open standard input would keep the process alive.
    if (whenTold) process.stdin.destroy();
    if (!generated) process.exitCode = 1;
  },
  (error: unknown) => {
    console.error(`generate-reference-pages: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
