/**
 * The repository's documents name only what exists: every relative Markdown link leads to a file of the
 * repository (and, with a `#anchor` into a Markdown file, to one of its headings, slugged as GitHub
 * slugs them), and every inline-code span that looks like a repository path (it holds a `/` or ends in
 * a known extension; `*` and `<placeholder>` match any name) names a file or folder that git knows.
 * A path may be written from the repository's root or from the document's own folder; a bare file name
 * (`pages.mts`) may be anywhere. Generated and git-ignored outputs are exempt, each below with its
 * reason. A failure names the document, the line and the path, so a move is quick to follow.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

const repoRoot = path.resolve(__dirname, '../..');

/** The documents checked, from the repository's root. */
const documents = [
  'README.md',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  'bench/README.md',
  'mcp/README.md',
  'feedback/README.md',
  'hosting/README.md',
  'tests/README.md',
];

/** Extensions that make a span without a `/` a file name. */
const knownExtensions =
  /\.(ts|tsx|mts|mjs|js|cjs|json|jsonc|md|mdx|yaml|yml|sh|css|scss|txt|html|xml|png|svg|gz|mustache|key)$/;

/**
 * Paths a document may name that are not in git, each with why. A prefix ends in `/`; the rest are
 * whole spans.
 */
const exemptions: readonly {match: string | RegExp; why: string}[] = [
  {match: 'build/', why: 'the production build (npm run build), git-ignored'},
  {match: 'deploy/', why: 'the self-hosting configurations the build writes (hosting/), git-ignored'},
  {match: '.speed-off/', why: 'the site built with every speed trick off (npm run build:speed-off), git-ignored'},
  {match: '.generated/', why: 'what gen-api-docs writes for the later steps, git-ignored'},
  {match: 'api/api-reference/', why: 'the generated reference pages, git-ignored'},
  {match: 'static/openapi/', why: 'the downloads gen-api-docs writes, git-ignored'},
  {match: 'api/changelog.md', why: 'the API changelog page gen-api-docs writes, git-ignored'},
  {match: 'static/api/changelog/', why: "the API changelog's Atom feed, git-ignored"},
  {match: '.docusaurus/', why: "Docusaurus' generated files, git-ignored"},
  {match: 'node_modules/', why: 'installed dependencies and the rebuild caches, git-ignored'},
  {match: 'bench/results/', why: "the benches' raw output, git-ignored"},
  {match: 'data/', why: "the feedback service's SQLite database (feedback/README.md), git-ignored"},
  {match: 'test-results/', why: "Playwright's output, git-ignored"},
  {match: '../shared/SPEC.md', why: 'the product specification, beside the clone, not in it'},
  {match: '../admin-api-keys', why: "an example of a relative link in another provider's description"},
  {match: /^\.(cursor|vscode)\/mcp\.json$/, why: "a reader's own MCP client configuration, in their project"},
  {
    match:
      /^(main\.js|index\.html|404\.html|llms\.txt|llms-full\.txt|pagefind\.js|search-index\.json|orchard-page-facts\.json)$/,
    why: 'a file of the build or of a rebuild cache, named as the build writes it',
  },
  {
    match: /^(orchard-ai-[a-z-]+|[a-z0-9-]+-api)\/[^ ]*(index\.html|sidebar\.ts)$/,
    why: 'a generated reference page or sidebar, as the bench tables print it (under api/api-reference/ or build/)',
  },
];

function gitFiles(): {files: Set<string>; folders: Set<string>} {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = new Set(listed.split('\n').filter(Boolean));
  const folders = new Set<string>();
  for (const file of files) {
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) folders.add(dir);
  }
  return {files, folders};
}

const {files, folders} = gitFiles();
const baseNames = new Set([...files].map((file) => path.posix.basename(file)));

/** A glob (`*` within one name) as a regular expression over whole paths. */
function globPattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}

/** Whether a path from the root (no leading `./`) names a file or, ending in `/`, a folder git knows. */
function exists(relative: string): boolean {
  const normal = path.posix.normalize(relative);
  if (normal.startsWith('..')) return false;
  const folder = normal.endsWith('/') ? normal.slice(0, -1) : undefined;
  if (normal.includes('*')) {
    const pattern = globPattern(folder ?? normal);
    return [...(folder ? folders : [...files, ...folders])].some((entry) => pattern.test(entry));
  }
  return folder ? folders.has(folder) : files.has(normal) || folders.has(normal);
}

function exemption(span: string): string | undefined {
  for (const {match, why} of exemptions) {
    if (
      typeof match === 'string' ? span === match || (match.endsWith('/') && span.startsWith(match)) : match.test(span)
    ) {
      return why;
    }
  }
  return undefined;
}

/** Whether an inline-code span is meant as a repository path; most spans are commands, values or names. */
function looksLikePath(span: string): boolean {
  if (/[\s()[\]{}"'=,;|`]/.test(span)) return false; // a command, a call, a placeholder or a value
  if (/^[/@~$#-]/.test(span) || span.includes('://')) return false; // a route, a package, a home or variable, a pointer, a flag, a URL
  if (/^(text|application|image|multipart|audio|video)\//.test(span)) return false; // a media type
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|net|io|ai|example|dev)(\/|$)/i.test(span)) return false; // a host name
  return span.includes('/') || knownExtensions.test(span);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const opener = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (opener && (!fence || opener.startsWith(fence))) {
      fence = fence ? undefined : opener;
      continue;
    }
    if (fence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const explicit = /\{#([\w-]+)\}\s*$/.exec(heading)?.[1];
    if (explicit) slugs.add(explicit);
    const text = heading
      .replace(/\{#[\w-]+\}\s*$/, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(text) ?? 0;
    seen.set(text, count + 1);
    slugs.add(count === 0 ? text : `${text}-${count}`);
  }
  return slugs;
}

type Problem = {document: string; line: number; target: string; why: string};

/** The relative links and path-like code spans of one document, outside code fences, checked. */
function problemsOf(document: string): Problem[] {
  const text = readFileSync(path.join(repoRoot, document), 'utf8');
  const folder = path.posix.dirname(document);
  const fromDocument = (target: string) => path.posix.join(folder, target);
  const problems: Problem[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const opener = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (opener && (!fence || opener.startsWith(fence))) {
      fence = fence ? undefined : opener;
      return;
    }
    if (fence) return;
    const at = (target: string, why: string) => problems.push({document, line: index + 1, target, why});

    const prose = line.replace(/`[^`]*`/g, ''); // a link written inside code is an example, not a link
    for (const [, target = ''] of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // https:, mailto:
      const [file, anchor] = target.split('#', 2) as [string, string | undefined];
      const linked = file === '' ? document : fromDocument(decodeURIComponent(file));
      if (file !== '' && !exists(linked)) {
        at(target, `no such file or folder (${linked} from the repository's root)`);
        continue;
      }
      if (anchor !== undefined && /\.mdx?$/.test(linked)) {
        const slugs = headingSlugs(readFileSync(path.join(repoRoot, linked), 'utf8'));
        if (!slugs.has(anchor)) at(target, `${linked} has no heading whose anchor is #${anchor}`);
      }
    }

    // Inline code, also as a link's text (`[`x`](y)` names x).
    for (const [, span = ''] of line.matchAll(/(?<!`)`([^`]+)`(?!`)/g)) {
      if (!looksLikePath(span)) continue;
      const glob = span.replace(/<[^>]+>/g, '*').replace(/^\.\//, '');
      if (!glob.includes('/') && glob.startsWith('.') && !exists(glob) && !exists(fromDocument(glob))) continue; // `.br`, `.api.mdx`: a kind of file
      if (exists(glob) || exists(fromDocument(glob))) continue;
      if (!glob.includes('/') && !glob.includes('*') && baseNames.has(glob)) continue;
      if (exemption(span)) continue;
      at(span, "no such file or folder in git (from the root, or from the document's folder)");
    }
  });
  return problems;
}

test('every relative link and repository path in the documents exists', () => {
  const problems = documents.flatMap(problemsOf);
  assert.deepEqual(
    problems.map(({document, line, target, why}) => `${document}:${line}: ${target}: ${why}`),
    [],
    "Named in a document but not in the repository. Fix the path (or the link's heading), or, for an output " +
      'that is generated or git-ignored, add it with its reason to `exemptions` in tests/unit/docs-paths.test.ts.',
  );
});

test('the anchors follow GitHub: punctuation dropped, code marks too, repeats numbered', () => {
  const slugs = headingSlugs('## `npm run bench:mcp`\n### Tricks `SPEED_OFF` turns off\n## A, b\n## A, b\n');
  assert.deepEqual([...slugs], ['npm-run-benchmcp', 'tricks-speed_off-turns-off', 'a-b', 'a-b-1']);
});

test('a span is a path when it holds a / or ends in a known extension, and is no route, package or URL', () => {
  for (const span of ['lib/openapi/specs.ts', 'tests/e2e/', 'openapi/*.yaml', 'package.json', 'tests/unit/<file>']) {
    assert.ok(looksLikePath(span), span);
  }
  for (const span of [
    '/docs/intro',
    '@docusaurus/core',
    'https://x.example/a',
    'text/markdown',
    'npm run build',
    'x-api-key',
  ]) {
    assert.ok(!looksLikePath(span), span);
  }
});
