/** A code block's text as a reader selecting it gets it (the browser tests' samples, the corpus copy's). */
import type {Locator} from '@playwright/test';

/**
 * Selects a code block's text as a reader does and returns what the selection holds. Not
 * `innerText`: Chromium counts both the block break and the `<br>` of each Docusaurus code line
 * (`<div class="token-line">…<br></div>`), so it doubles every newline that a reader never sees
 * and never copies.
 */
export function renderedText(block: Locator): Promise<string> {
  return block.locator('pre').evaluate((pre) => {
    const selection = window.getSelection()!;
    const range = document.createRange();
    range.selectNodeContents(pre.querySelector('code') ?? pre);
    selection.removeAllRanges();
    selection.addRange(range);
    const text = selection.toString();
    selection.removeAllRanges();
    return text;
  });
}
