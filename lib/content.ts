/**
 * The site's hand-written content as data: which files are pages, and their MDX syntax tree. Shared
 * by the sample checker (lib/samples/) and the docs-as-tests (tests/unit/docs-*.test.ts).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

import type {Root} from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';

import {repoRoot} from './openapi';
import {changelogPageFile} from './openapi/changelog';

/** The docs instances that hold hand-written pages (one folder each, see docusaurus.config.ts). */
export const contentDirs = ['docs', 'api', 'tutorials', 'faqs', 'markdown-page'] as const;

/** Generated from openapi/*.yaml and their history by `npm run gen-api-docs`: build output, not content. */
const generatedDirs = [path.join('api', 'api-reference')];
const generatedFiles = [path.normalize(changelogPageFile)];

function walk(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), {withFileTypes: true}).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return generatedDirs.includes(relative) ? [] : walk(relative);
    return /\.mdx?$/.test(entry.name) && !generatedFiles.includes(relative) ? [relative] : [];
  });
}

/** Every md/mdx page of the content folders, as paths relative to the repository root, sorted. */
export function contentFiles(): string[] {
  return contentDirs.flatMap((dir) => walk(dir)).sort();
}

export function readContent(file: string): string {
  return readFileSync(path.join(repoRoot, file), 'utf8');
}

// Docusaurus parses .md and .mdx alike as MDX (its default `markdown.format`), with YAML front matter.
const processor = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, ['yaml']);

/** The MDX syntax tree of a page, with line numbers of the file itself. */
export function parseContent(text: string): Root {
  return processor.parse(text);
}
