/**
 * Which pages have a Markdown twin, and where it lives. Shared by the build (plugins/llms-txt.ts
 * writes the twins) and the page head (src/theme/Layout links each page to its twin), so the two
 * always agree; no Node.js imports here, the browser bundle uses it too.
 */

/** Where the Markdown twin of a route lives: `/docs/intro` → `/docs/intro.md`, `/` → `/index.md`. */
export function markdownPath(route: string): string {
  const trimmed = route.replace(/\/$/, '');
  return trimmed === '' ? '/index.md' : `${trimmed}.md`;
}

/**
 * The plugins whose routes are pages a reader reads: docs (guides, tutorials, the reference, category
 * pages) and standalone pages (the home page). Not the search page, not the 404 page.
 */
export const twinPlugins: readonly string[] = ['docusaurus-plugin-content-docs', 'docusaurus-plugin-content-pages'];
