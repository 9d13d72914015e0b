/**
 * Every built page uses the page template of speed/boot-after-paint.ts: no script tag the parser
 * would fetch and run on its own, and one boot script naming Docusaurus' runtime and main.js, files
 * that exist. (tests/e2e/page-template.spec.ts checks in Chromium that the app starts after the first
 * paint.) Every page is the HTML React rendered, not minified after (the unminified-html trick).
 * Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {buildDir, readBuilt, requireBuild} from '../support/twins';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

/** The script list the boot script is called with (speed/boot-after-paint.ts writes the script minified). */
const bootCall = /<script>[^<]*"first-contentful-paint"[^<]*\((\["[^\]]*\])\)<\/script>/;

test('every page starts the app from the boot script, with no script the parser would run', () => {
  requireBuild();
  const files = htmlFiles(buildDir);
  assert.ok(files.length > 50, `only ${files.length} pages in build/`);
  for (const file of files) {
    const page = path.relative(buildDir, file);
    const html = readBuilt(file);
    assert.deepEqual(html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? [], [], `${page}: a script tag the parser runs`);
    const call = bootCall.exec(html);
    assert.ok(call, `${page}: no boot script`);
    const scripts = JSON.parse(call[1]!) as string[];
    assert.match(scripts.join(' '), /\/assets\/js\/runtime~main\.\w+\.js \/assets\/js\/main\.\w+\.js/, page);
    for (const script of scripts) assert.ok(existsSync(path.join(buildDir, script)), `${page}: ${script} is not built`);
  }
});

test('every page is the HTML React rendered, not minified again (unminified-html)', () => {
  requireBuild();
  for (const file of htmlFiles(buildDir)) {
    const html = readBuilt(file);
    // Docusaurus' template as it writes it; the minifier lowers the doctype and unquotes attributes.
    assert.match(html, /^<!DOCTYPE html>\n<html lang="en"/, path.relative(buildDir, file));
    assert.doesNotMatch(html, /<meta charset=UTF-8>/, path.relative(buildDir, file));
  }
});
