/**
 * The first sentence of a text, as /llms.txt summarises a page and an operation page's description
 * ends. A module of its own: generation (lib/openapi/api-page.ts) needs it without loading what the
 * Markdown twins need (plugins/llms-txt.ts: cheerio, turndown).
 */

// A sentence ends at . ! or ? followed by the end of the text or by a space and a word that does not
// start in lower case ("dataset. `model_config` …" is two sentences); "e.g." and the like end none.
const sentenceEnd = /[.!?](?=$|\s+[^\sa-z])/g;
const abbreviation = /\b(?:e\.g|i\.e|etc|vs|cf)\.$/i;

/** The first sentence of a text, whole (it ends with . ! or ?), or '' when the text has none. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  for (const match of flat.matchAll(sentenceEnd)) {
    const sentence = flat.slice(0, match.index + 1);
    if (!abbreviation.test(sentence)) return sentence;
  }
  return '';
}
