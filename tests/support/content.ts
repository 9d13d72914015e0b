/**
 * Checks of the site's hand-written content (headings, placeholders), for tests/unit/docs-content.test.ts.
 * Which files are pages, and their syntax tree, come from lib/content.ts.
 */
import {parseContent} from '../../lib/content';

export type ContentProblem = {file: string; line: number; reason: string};

type HeadingNode = {type: string; depth?: number; children?: HeadingNode[]; position?: {start: {line: number}}};

type Heading = {depth: number; line: number; text: string};

function textOf(node: HeadingNode & {value?: string}): string {
  return node.value ?? (node.children ?? []).map(textOf).join('');
}

function headings(node: HeadingNode): Heading[] {
  if (node.type === 'heading')
    return [{depth: node.depth ?? 0, line: node.position?.start.line ?? 0, text: textOf(node)}];
  return (node.children ?? []).flatMap(headings);
}

/**
 * Headings that give a page its table of contents (SPEC.md §1: levels 2 to 3): at least one `##`,
 * no `#` (a doc's title comes from its front matter), nothing below `####`, and no skipped level.
 * The last `##` section is "Next steps": every page ends with where to go next (the issue).
 */
export function checkHeadings(file: string, text: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const found = headings(parseContent(text) as HeadingNode);
  if (!found.some((heading) => heading.depth === 2))
    problems.push({file, line: 1, reason: 'no ## heading: the page has no table of contents'});
  let previous = 1;
  for (const {depth, line} of found) {
    if (depth === 1) problems.push({file, line, reason: 'a # heading: a doc takes its title from the front matter'});
    else if (depth > 4) problems.push({file, line, reason: `a level-${depth} heading: use ## to #### only`});
    else if (depth > previous + 1)
      problems.push({file, line, reason: `a level-${depth} heading right after a level-${previous} one`});
    previous = depth;
  }
  const sections = found.filter((heading) => heading.depth === 2);
  const last = sections[sections.length - 1];
  if (last && last.text !== 'Next steps')
    problems.push({
      file,
      line: last.line,
      reason: `the last ## section is "${last.text}": end the page with "## Next steps"`,
    });
  return problems;
}

/** Words that mark unfinished text. Whole words, any case. */
export const placeholderPattern = /\b(lorem ipsum|todo|tbd|coming soon)\b/i;

/** Placeholder text left in a page (the issue: no lorem ipsum, TODO, TBD or "coming soon" in content). */
export function checkPlaceholders(file: string, text: string): ContentProblem[] {
  return text.split('\n').flatMap((line, index) => {
    const match = placeholderPattern.exec(line);
    return match ? [{file, line: index + 1, reason: `placeholder text "${match[0]}"`}] : [];
  });
}
