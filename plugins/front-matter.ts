import type {MarkdownConfig} from '@docusaurus/types';

/** Every string in a front matter value, with its dotted path (`api.x-codeSamples.0.source`). */
function* strings(value: unknown, at: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [at, value];
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* strings(child, at ? `${at}.${key}` : key);
  }
}

/**
 * Docusaurus' default front matter parser, plus a guard: its mdx-loader re-serialises front matter
 * with stringify-object, which drops backslashes (`\` + newline reaches the page as a literal `\n`).
 * A front matter string with a backslash fails the build, naming the file and the field, rather than
 * shipping a page that shows something else than its source says.
 */
export const parseFrontMatter: MarkdownConfig['parseFrontMatter'] = async (params) => {
  const result = await params.defaultParseFrontMatter(params);
  for (const [field, text] of strings(result.frontMatter, '')) {
    if (text.includes('\\')) {
      throw new Error(
        `${params.filePath}: front matter field "${field}" contains a backslash, which Docusaurus' MDX loader drops; move the value into the page body`,
      );
    }
  }
  return result;
};
