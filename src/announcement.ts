/**
 * The announcement bar above the navbar (SPEC.md §2, §4). A reader who dismisses it does not see it
 * again until `id` changes: give every new message a new id. Tests read both fields from here.
 */
export const announcementBar = {
  id: 'quickstart-first-call',
  // Raw HTML (Docusaurus renders it as is): keep the link a root-relative path to an existing page.
  content: 'New to Orchard AI? <a href="/docs/quickstart">Make your first call with the quickstart</a>.',
  isCloseable: true,
  // Theme colours, so the bar follows the colour mode (Docusaurus' default is white in dark mode too).
  backgroundColor: 'var(--ifm-color-emphasis-100)',
  textColor: 'var(--ifm-font-color-base)',
} as const;
