/**
 * A Docusaurus process held at the generation gate, as far as the search theme goes: makes the theme
 * (plugins/search-theme.ts) the way Docusaurus makes plugins, side by side with the gate, then writes a
 * page into the docs folder, as generation does, and says so; prints the index hash the theme made
 * once its factory resolves. Run by tests/unit/search-theme.test.ts with ORCHARD_AWAIT_GENERATION=true,
 * which says "generated" on this process's standard input only after the page is written.
 * Usage: node --import tsx tests/support/search-theme-gated.ts <siteDir>
 */
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext} from '@docusaurus/types';

import searchTheme, {searchLocal} from '../../plugins/search-theme';

export const pageWrittenLine = 'page written';
export const madeLine = 'theme made, index hash';

async function main(siteDir: string): Promise<void> {
  const options = searchLocal.validateOptions({
    options: {hashed: true, indexBlog: false, docsRouteBasePath: ['docs'], docsDir: ['docs']},
    validate: (schema, given) => {
      const {value, error} = schema.validate(given);
      if (error) throw error;
      return value;
    },
  });
  const generatedFilesDir = path.join(siteDir, '.docusaurus');
  const context = {
    siteDir,
    generatedFilesDir,
    baseUrl: '/',
    siteConfig: {baseUrl: '/', themeConfig: {navbar: {items: []}}},
    i18n: {currentLocale: 'en'},
  } as unknown as LoadContext;
  const made = searchTheme(context, options);
  writeFileSync(path.join(siteDir, 'docs/generated.md'), '# A generated page\n');
  console.log(pageWrittenLine);
  await made;
  const themeDir = path.join(generatedFilesDir, '@easyops-cn/docusaurus-search-local/default');
  const generated = readdirSync(themeDir).map((name) => readFileSync(path.join(themeDir, name), 'utf8'));
  const [, hash] = generated.join('\n').match(/\?_=([0-9a-f]+)/) ?? [];
  console.log(`${madeLine} ${hash ?? 'none'}`);
}

if (require.main === module)
  main(process.argv[2]!).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
