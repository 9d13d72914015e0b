/**
 * Content checks that need no contract: no placeholder text anywhere a reader can see, and headings
 * that give every page a table of contents of levels 2 and 3 (SPEC.md §1).
 */
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import {contentFiles, readContent} from '../../lib/content';
import {checkHeadings, checkPlaceholders, type ContentProblem} from '../support/content';
import {repoRoot} from '../../lib/openapi';

const format = (problem: ContentProblem) => `${problem.file}:${problem.line}: ${problem.reason}`;

// The pages, plus the React pages (the home page) whose text readers see too.
const pages = readdirSync(path.join(repoRoot, 'src/pages'))
  .filter((name) => /\.(tsx|mdx?)$/.test(name))
  .map((name) => path.join('src/pages', name));

describe('no placeholder text in the content', () => {
  for (const file of [...contentFiles(), ...pages]) {
    test(file, () => {
      const problems = checkPlaceholders(file, readContent(file));
      assert.equal(problems.length, 0, `\n${problems.map(format).join('\n')}`);
    });
  }
});

describe('every page has a table of contents of ## and ### headings and ends with next steps', () => {
  for (const file of contentFiles()) {
    test(file, () => {
      const problems = checkHeadings(file, readContent(file));
      assert.equal(problems.length, 0, `\n${problems.map(format).join('\n')}`);
    });
  }
});

describe('a broken fixture is caught with file, line and reason', () => {
  const file = 'tests/fixtures/docs-content/broken.md';
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const lineOf = (needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

  test('placeholders', () => {
    assert.deepEqual(checkPlaceholders(file, text).map(format), [
      `${file}:${lineOf('Lorem')}: placeholder text "Lorem ipsum"`,
      `${file}:${lineOf('TBD')}: placeholder text "TBD"`,
      `${file}:${lineOf('coming soon')}: placeholder text "coming soon"`,
    ]);
  });

  test('placeholders are whole words: "todos" and "outbid" pass', () => {
    assert.deepEqual(checkPlaceholders(file, 'The todos app.\nThey outbid us.\n'), []);
    assert.equal(checkPlaceholders(file, 'Fix this (todo).').length, 1);
  });

  test('headings', () => {
    assert.deepEqual(checkHeadings(file, text).map(format), [
      `${file}:${lineOf('# A page title')}: a # heading: a doc takes its title from the front matter`,
      `${file}:${lineOf('#### A level skipped')}: a level-4 heading right after a level-2 one`,
      `${file}:${lineOf('##### Too deep')}: a level-5 heading: use ## to #### only`,
      `${file}:${lineOf('## Setup')}: the last ## section is "Setup": end the page with "## Next steps"`,
    ]);
    assert.deepEqual(checkHeadings(file, '---\ntitle: x\n---\n\nNo sections.\n').map(format), [
      `${file}:1: no ## heading: the page has no table of contents`,
    ]);
  });
});
