/**
 * The built site's Markdown twins as data, for the build-level tests of issue 11
 * (tests/unit/markdown-twins*.test.ts): where the build is, which source file each route comes
 * from, and the code blocks and tab groups of a source page and of its twin.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import type {Code, Root} from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import {unified} from 'unified';

import {markdownPath} from '../../src/markdown-twin';
import {routeSourcesFile} from '../../plugins/route-sources';
import {repoRoot} from '../../lib/openapi';
import {parseContent} from '../../lib/content';

export const buildDir = path.join(repoRoot, 'build');

/** Fails with what to do when the production build is not there. */
export function requireBuild(): void {
  for (const file of [path.join(buildDir, 'llms.txt'), routeSourcesFile(path.join(repoRoot, '.docusaurus'))]) {
    if (!existsSync(file))
      throw new Error(
        `${path.relative(repoRoot, file)} is missing: run \`npm run build\` first, these tests read the production build`,
      );
  }
}

/** Source file (relative to the repository) → route, as the build recorded it (plugins/route-sources.ts). */
export function routesBySource(): Map<string, string> {
  const sources = JSON.parse(readFileSync(routeSourcesFile(path.join(repoRoot, '.docusaurus')), 'utf8')) as Record<
    string,
    string
  >;
  return new Map(Object.entries(sources).map(([route, source]) => [source, route]));
}

export function twinFile(route: string): string {
  return path.join(buildDir, markdownPath(route));
}

export function readBuilt(file: string): string {
  if (!existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing from the build`);
  return readFileSync(file, 'utf8');
}

/** The HTML file of a route in the build. */
export function htmlFile(route: string): string {
  return path.join(buildDir, route, 'index.html');
}

const markdownProcessor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);

/** A twin (plain Markdown, not MDX) as a syntax tree. */
export function parseMarkdown(text: string): Root {
  return markdownProcessor.parse(text);
}

type Node = {type: string; children?: Node[]; value?: string; position?: {start: {line: number}}};

/** Every node of a tree, in document order. */
export function walk(node: Node): Node[] {
  return [node, ...(node.children ?? []).flatMap(walk)];
}

/** The text a node shows: its value, or its children's text. */
export function textOf(node: Node): string {
  return node.value ?? (node.children ?? []).map(textOf).join('');
}

export type CodeBlock = {line: number; lang: string; meta: string; lines: string[]};

// Docusaurus' default magic comments (docusaurus.config.ts sets no others); the comment styles each
// language accepts, as @docusaurus/theme-common's codeBlockUtils reads them.
const magicDirectives = 'highlight-next-line|highlight-start|highlight-end';
const commentStyles: Record<string, [string, string]> = {
  js: ['\\/\\/', ''],
  jsBlock: ['\\/\\*', '\\*\\/'],
  jsx: ['\\{\\s*\\/\\*', '\\*\\/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
};
const commentStylesOf = (lang: string): string[] => {
  if (['js', 'javascript', 'ts', 'typescript'].includes(lang)) return ['js', 'jsBlock'];
  if (['jsx', 'tsx'].includes(lang)) return ['js', 'jsBlock', 'jsx'];
  if (lang === 'html') return ['js', 'jsBlock', 'html'];
  if (['python', 'py', 'bash'].includes(lang)) return ['bash'];
  if (['md', 'markdown'].includes(lang)) return ['html', 'jsx', 'bash'];
  return Object.keys(commentStyles);
};

/**
 * The lines a code block shows on the page: its source lines, minus the lines that hold only a magic
 * comment (Docusaurus drops them and highlights instead), unless a `{1,3}` range in the metastring
 * does the highlighting (then Docusaurus leaves comments alone).
 */
export function renderedLines(lang: string, meta: string, value: string): string[] {
  const lines = value.split('\n');
  if (/\{[\d,-]+\}/.test(meta)) return lines;
  const styles = commentStylesOf(lang).map((style) => {
    const [start, end] = commentStyles[style]!;
    return `(?:${start}\\s*(?:${magicDirectives})\\s*${end})`;
  });
  const magic = new RegExp(`^\\s*(?:${styles.join('|')})\\s*$`);
  return lines.filter((line) => !magic.test(line));
}

function codeBlocksOf(tree: Root, rendered: boolean): CodeBlock[] {
  return walk(tree as Node)
    .filter((node): node is Node & Code => node.type === 'code')
    .map((node) => {
      const lang = node.lang ?? '';
      const meta = node.meta ?? '';
      return {
        line: node.position?.start.line ?? 0,
        lang,
        meta,
        lines: rendered ? renderedLines(lang, meta, node.value) : node.value.split('\n'),
      };
    });
}

/** The fenced code blocks of a hand-written page, as the page shows them. */
export function sourceCodeBlocks(text: string): CodeBlock[] {
  return codeBlocksOf(parseContent(text), true);
}

/** The fenced code blocks of a twin, as written. */
export function twinCodeBlocks(text: string): CodeBlock[] {
  return codeBlocksOf(parseMarkdown(text), false);
}

export type Problem = {line: number; reason: string};

/** Why a twin block is not the source block (the first line that differs), or '' when it is. */
function difference(source: CodeBlock, twin: CodeBlock): string {
  if (source.lang && twin.lang !== source.lang) return `language tag \`${twin.lang}\` instead of \`${source.lang}\``;
  const index = source.lines.findIndex((line, i) => twin.lines[i] !== line);
  if (index >= 0)
    return `line ${index + 1} reads ${JSON.stringify(twin.lines[index] ?? '(missing)')} instead of ${JSON.stringify(source.lines[index])}`;
  if (twin.lines.length !== source.lines.length) return `${twin.lines.length} lines instead of ${source.lines.length}`;
  return '';
}

/**
 * Each source block must appear in the twin, line for line and with its language tag, in the order of
 * the page. A block that is missing is reported with the nearest twin block that shares its first line.
 */
export function compareCodeBlocks(source: readonly CodeBlock[], twin: readonly CodeBlock[]): Problem[] {
  const problems: Problem[] = [];
  let next = 0;
  for (const block of source) {
    const found = twin.findIndex((candidate, index) => index >= next && difference(block, candidate) === '');
    if (found >= 0) {
      next = found + 1;
      continue;
    }
    const near =
      twin.find((candidate) => candidate.lines[0] === block.lines[0] && candidate.lines.length > 0) ?? twin[next];
    const reason = near ? difference(block, near) || 'out of order' : 'no code block left in the twin';
    problems.push({line: block.line, reason: `code block not in the twin: ${reason}`});
  }
  return problems;
}

export type TabSection = {line: number; label: string; code?: string};

type JsxNode = Node & {name?: string; attributes?: {name?: string; value?: unknown}[]};

/** The tabs of every <Tabs> group of a source page, in order: each label, and the code its first block shows. */
export function sourceTabs(text: string): TabSection[] {
  return walk(parseContent(text) as Node)
    .filter((node): node is JsxNode => node.type === 'mdxJsxFlowElement' && (node as JsxNode).name === 'TabItem')
    .map((item) => {
      const attribute = (name: string) => item.attributes?.find((candidate) => candidate.name === name)?.value;
      const code = walk(item).find((node): node is Node & Code => node.type === 'code');
      return {
        line: item.position?.start.line ?? 0,
        label: String(attribute('label') ?? attribute('value')),
        code: code && renderedLines(code.lang ?? '', code.meta ?? '', code.value).join('\n'),
      };
    });
}

const isLabel = (node: Node) =>
  node.type === 'paragraph' && node.children?.length === 1 && node.children[0]?.type === 'strong';

/** The labelled sections of a twin: a paragraph that is only a bold label, and the code block in its section. */
export function twinTabs(text: string): TabSection[] {
  const nodes = walk(parseMarkdown(text) as Node);
  return nodes.flatMap((node, index) => {
    if (!isLabel(node)) return [];
    const rest = nodes.slice(index + 1);
    const end = rest.findIndex(isLabel);
    const code = (end < 0 ? rest : rest.slice(0, end)).find((candidate) => candidate.type === 'code');
    return [{line: node.position?.start.line ?? 0, label: textOf(node), code: code?.value}];
  });
}

/** Each tab of the page must be a labelled section of the twin, in tab order, holding the tab's code. */
export function compareTabs(source: readonly TabSection[], twin: readonly TabSection[]): Problem[] {
  const problems: Problem[] = [];
  let next = 0;
  for (const tab of source) {
    const found = twin.findIndex(
      (section, index) =>
        index >= next && section.label === tab.label && (tab.code === undefined || section.code === tab.code),
    );
    if (found >= 0) next = found + 1;
    else
      problems.push({
        line: tab.line,
        reason: `tab "${tab.label}" is not a labelled section (**${tab.label}** then its code) in the twin, in tab order`,
      });
  }
  return problems;
}
