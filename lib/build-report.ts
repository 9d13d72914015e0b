/**
 * What a failed Docusaurus build tells a maintainer first: one line per mistake in the site's files,
 * `<file>:<line>:<column>: <reason>` (the file relative to the site), as compilers print them. Docusaurus
 * buries them in a JSON dump of the parser's error (MDX) or in nested causes, under stack traces of its
 * own code that say nothing of the site. scripts/build.ts prints these lines, then Docusaurus' report
 * without its stack frames.
 */
import path from 'node:path';

/** A stack frame line (`at fn (file:1:2)`, `at async Promise.all (index 0)`), also in Rspack's boxed error (`│ at …`). */
const stackFrame = /^[\s│]*at (?:async )?\S.*(?::\d+:\d+\)?|\(index \d+\))(?: \{)?\s*$/;

/** The report without its stack frames. */
export const withoutStackFrames = (text: string) =>
  text
    .split('\n')
    .filter((line) => !stackFrame.test(line))
    .join('\n');

/** `file` relative to the site, as the maintainer knows it. */
const fromSite = (file: string, siteDir: string) =>
  path.isAbsolute(file) ? path.relative(siteDir, file) || file : file;

/** The fields that follow `label` in an MDX error's "Details" JSON (Rspack boxes each line in `│`). */
function detailsAfter(text: string): {line?: number; column?: number; reason?: string} {
  const field = (name: string) => new RegExp(`^[\\s│]*"${name}": (.+?),?$`, 'm').exec(text)?.[1];
  const number = (name: string) => {
    const value = Number(field(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const reason = field('reason');
  return {line: number('line'), column: number('column'), reason: reason && (JSON.parse(reason) as string)};
}

/**
 * One line per mistake Docusaurus' output reports in a file of the site: an MDX syntax error, a front
 * matter that is not YAML. Empty when it reports none of them (the output is then the report).
 */
export function mistakeLines(output: string, siteDir: string): string[] {
  const lines: string[] = [];
  // Docusaurus' mdx-loader: `MDX compilation failed for file "<path>"`, `Cause: <reason>`, then the
  // parser's error as JSON (its `line`, `column` and `reason`), up to the next error.
  for (const [block, quoted, bare] of output.matchAll(
    /MDX compilation failed for file (?:"(.+)"|(\S+))\n([\s\S]*?)(?=MDX compilation failed for file|$)/g,
  )) {
    const file = quoted ?? bare!;
    const {line, column, reason} = detailsAfter(block);
    const cause = /Cause: (.+)/.exec(block)?.[1]?.trim();
    const where = [fromSite(file, siteDir), line, line && column].filter(Boolean).join(':');
    lines.push(`${where}: ${reason ?? cause ?? 'not valid MDX'}`);
  }
  // Docusaurus' docs loader: `Can't process doc metadata for doc at path path=<path>`, caused by
  // js-yaml's `YAMLException: <reason> (<line>:<column>)` (lines of the file: the front matter opens it).
  for (const [, file, rest] of output.matchAll(
    /Can't process doc metadata for doc at path path=(\S+)[^\n]*\n([\s\S]*?)(?=Can't process doc metadata|$)/g,
  )) {
    const yaml = /YAMLException: (.+?) \((\d+):(\d+)\)/.exec(rest!);
    if (yaml)
      lines.push(`${fromSite(file!, siteDir)}:${yaml[2]}:${yaml[3]}: front matter is not valid YAML: ${yaml[1]}`);
    else {
      // A cause that names the file itself (plugins/front-matter.ts) is the line.
      const cause = /\[cause\]: (?:\w*Error: )?(.+)/.exec(rest!)?.[1]?.replace(`${file!}: `, '');
      lines.push(`${fromSite(file!, siteDir)}: ${cause ?? 'its front matter or metadata could not be read'}`);
    }
  }
  // plugins/content-checks.ts: a heading, then a line per page, each opening with its file.
  const checks = /ContentError: [^\n]*\n((?: {2,}\S.*\n?)+)/.exec(output)?.[1];
  for (const line of checks?.split('\n') ?? []) if (line.trim()) lines.push(line.trim().replace(/\]$/, ''));
  return lines;
}
