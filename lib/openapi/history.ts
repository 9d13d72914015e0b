/**
 * The published history of each OpenAPI description, read from git: the versions the API changelog
 * (/api/changelog, lib/openapi/changelog.ts) compares. History starts at the commit that first
 * published a description, which `openapi/published.yaml` records: the commits before it are its
 * authoring, not changes to an API anyone called. After it, every commit that changed the file is a
 * version, unless its message carries the trailer `API-Change: none` (a reworded description, a
 * reformatted file: no change to the contract).
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {parse} from 'yaml';

import {gitHistory} from '../git-history';
import {bundledDescription, descriptionFiles} from './bundle';

/** Where the repository records the commit that first published each description, by API id. */
export const publishedFile = 'openapi/published.yaml';

/** The trailer a commit message carries to say it changes no part of any API's contract. */
export const noApiChangeTrailer = 'API-Change';

export type Version = {
  commit: string;
  /** The commit's date (committer's), ISO 8601. */
  date: string;
  subject: string;
  /** The description's text at that commit. */
  text: string;
};

/** What git holds of one description since it was published, oldest version first. */
export type DescriptionHistory =
  | {available: true; published: Version; changes: Version[]; lastChanged: string}
  | {available: false; why: string};

/** The commits each description was first published at, by API id, from `openapi/published.yaml`. */
export function publishedCommits(siteDir: string): Record<string, string> {
  const file = path.join(siteDir, publishedFile);
  if (!existsSync(file)) return {};
  const parsed = parse(readFileSync(file, 'utf8')) as {published?: Record<string, unknown>} | null;
  const published = parsed?.published ?? {};
  for (const [id, commit] of Object.entries(published))
    if (typeof commit !== 'string' || !/^[0-9a-f]{7,40}$/.test(commit))
      throw new Error(`${publishedFile}: published.${id} must be a commit hash, not ${JSON.stringify(commit)}`);
  return published as Record<string, string>;
}

const field = '\x1f';
const record = '\x1e';
// cspell:ignore valueonly (git's --format placeholder option)

/**
 * The history of the description `file` (from the repository's root) since `publishedAt`, following
 * renames. Unavailable, with the reason, when the site has no full history or the commit is not in it.
 */
export function descriptionHistory(siteDir: string, file: string, publishedAt: string | undefined): DescriptionHistory {
  const history = gitHistory(siteDir);
  if (!history.complete) return {available: false, why: history.why};
  if (!publishedAt) return {available: false, why: `${publishedFile} names no commit that published ${file}`};
  const git = (...args: string[]) =>
    execFileSync('git', args, {cwd: siteDir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024});
  const toplevel = git('rev-parse', '--show-toplevel').trim();
  const inRepository = path.relative(toplevel, path.join(siteDir, file)).split(path.sep).join('/');
  // A description split over many files changes when any of them does: every commit to one is a version,
  // each the bundle of its files at that commit (renames are followed for a single file only).
  const files = descriptionFiles(path.join(siteDir, file)).map((each) =>
    path.relative(toplevel, each).split(path.sep).join('/'),
  );
  const split = files.length > 1;
  const log = git(
    'log',
    ...(split ? [] : ['--follow']),
    '--name-only',
    `--format=${record}%H${field}%cI${field}%s${field}%(trailers:key=${noApiChangeTrailer},valueonly,separator=%x2C)${field}`,
    '--',
    ...files,
  );
  // Newest first, as git lists them; each with the file's name at that commit (renames followed).
  const commits = log
    .split(record)
    .filter((entry) => entry.trim())
    .map((entry) => {
      const [commit, date, subject, trailer, names] = entry.split(field) as [string, string, string, string, string];
      return {commit, date, subject, trailer: trailer.trim(), name: names.trim().split('\n').pop()!};
    });
  const at = (entry: LoggedCommit): Version => ({
    commit: entry.commit,
    date: entry.date,
    subject: entry.subject,
    text: split ? bundledAt(toplevel, entry.commit, inRepository, files) : git('show', `${entry.commit}:${entry.name}`),
  });
  // The versions after publication, oldest first, but those that say they change no contract.
  const versionsSince = (index: number) =>
    commits
      .slice(0, index)
      .reverse()
      .filter((entry) => entry.trailer.toLowerCase() !== 'none')
      .map(at);
  const lastChanged = commits[0]?.date ?? '';
  const publishedIndex = commits.findIndex((entry) => entry.commit.startsWith(publishedAt));
  if (publishedIndex >= 0)
    return {available: true, published: at(commits[publishedIndex]!), changes: versionsSince(publishedIndex), lastChanged};
  // Published at a commit that did not change the file: the version then is the last one before it.
  let known = '';
  try {
    known = git('rev-parse', '--verify', '--quiet', `${publishedAt}^{commit}`).trim();
  } catch {
    // Not a commit of this clone: said below.
  }
  if (!known) return {available: false, why: `${publishedFile}: commit ${publishedAt} is not in this clone's history`};
  const before = git('log', '-1', '--format=%H', known, ...(split ? [] : ['--follow']), '--', ...files).trim();
  const index = commits.findIndex((entry) => entry.commit === before);
  if (index < 0) return {available: false, why: `${file} did not exist at commit ${publishedAt}`};
  const date = git('log', '-1', '--format=%cI', known).trim();
  return {available: true, published: at({...commits[index]!, commit: known, date}), changes: versionsSince(index), lastChanged};
}

type LoggedCommit = {commit: string; date: string; subject: string; trailer: string; name: string};

/**
 * The text of a description split over many files at `commit`: the folder that holds its files, as
 * git has it then, bundled into one JSON document (lib/openapi/bundle.ts).
 */
function bundledAt(toplevel: string, commit: string, root: string, files: readonly string[]): string {
  const folder = files
    .map((file) => path.posix.dirname(file))
    .reduce((common, dir) => {
      while (common !== '.' && dir !== common && !dir.startsWith(`${common}/`)) common = path.posix.dirname(common);
      return common;
    });
  const work = mkdtempSync(path.join(tmpdir(), 'orchard-history-'));
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', commit, '--', folder], {
      cwd: toplevel,
      maxBuffer: 1024 ** 3,
    });
    execFileSync('tar', ['-x', '-C', work], {input: archive});
    return JSON.stringify(bundledDescription(path.join(work, root), undefined, {cache: false}));
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
}

const lastChanged = new Map<string, string | undefined>();

/**
 * The date (ISO 8601) of the last commit that changed `file` (from the site's root), which its
 * reference pages show as their last update; undefined where the site has no full history.
 */
export function lastChangedDate(siteDir: string, file: string): string | undefined {
  const key = path.join(siteDir, file);
  if (!lastChanged.has(key)) {
    // Of any of its files, for a description split over many.
    const files = descriptionFiles(path.join(siteDir, file)).map((each) => path.relative(siteDir, each));
    const date = gitHistory(siteDir).complete
      ? execFileSync('git', ['log', '-1', '--format=%cI', '--', ...files], {cwd: siteDir, encoding: 'utf8'}).trim()
      : '';
    lastChanged.set(key, date || undefined);
  }
  return lastChanged.get(key);
}
