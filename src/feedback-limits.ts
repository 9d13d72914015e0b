/**
 * The bounds of a feedback submission that the form and the service share: the form's box stops where
 * the service refuses (lib/feedback/limits.ts re-exports them). Pure: no Node, no browser API, so
 * both sides import it.
 */

/** Longest comment, in characters (the form's box says so). */
export const maxCommentChars = 1000;

/** Longest code sample language name (`JavaScript`, `curl`). */
export const maxSampleChars = 40;

/** A language name taken as `sample`: `Python`, `C#`, `Node.js`. */
export const sampleLabel = /^[\w .#+-]+$/;
