/**
 * Whether the site's folder holds its git history, which the pages' last-updated dates and the API
 * changelog are read from. A shallow clone has only its newest commits (its dates would all be the
 * clone's), and a copy without `.git` (the bench's and the tests' copies) has none: both build
 * without them, saying so, rather than failing or showing wrong dates.
 */
import {execFileSync} from 'node:child_process';

export type GitHistory = {complete: true} | {complete: false; why: string};

const known = new Map<string, GitHistory>();

/** Whether `dir` holds its full history: asked of git once per folder and process. */
export function gitHistory(dir: string): GitHistory {
  let history = known.get(dir);
  if (!history) known.set(dir, (history = askGit(dir)));
  return history;
}

function askGit(dir: string): GitHistory {
  const git = (...args: string[]) =>
    execFileSync('git', args, {cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
  try {
    if (git('rev-parse', '--is-inside-work-tree') !== 'true')
      return {complete: false, why: 'the site is not in a git work tree'};
  } catch {
    return {complete: false, why: 'the site is not in a git repository (or git is not installed)'};
  }
  if (git('rev-parse', '--is-shallow-repository') === 'true')
    return {complete: false, why: 'the site is a shallow clone: it holds only its newest commits'};
  return {complete: true};
}
