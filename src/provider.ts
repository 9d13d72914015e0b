/**
 * Provider facts (shared/PROVIDER.md). Every page, the site config and the tests read them from
 * here, so a rename or a new host is a one-line change.
 */
export const provider = {
  /** Company name shown in titles, the navbar and the footer. */
  name: 'Orchard AI',
  /** Short name used in path segments: `{provider}` in SPEC.md §2. */
  shortName: 'orchard',
  /** Where this documentation site is deployed (base URL `/`). */
  docsUrl: 'https://docs.orchard.example',
  /** Host of the documented APIs; every documented path is served under `apiPrefix` there. */
  apiHost: 'https://api.orchard.example',
  apiPrefix: '/api',
  /** Developer portal, where callers create their keys (navbar, right side). */
  portalUrl: 'https://portal.orchard.example',
  /** Company website (navbar, right side). */
  websiteUrl: 'https://orchard.example',
  /** Footer line (SPEC.md §1: a copyright line for 2023). */
  copyright: 'Copyright © 2023 Orchard AI.',
  /**
   * Public URL of the docs MCP server (`npm run mcp -- --http`, deployed next to the static site):
   * what the page actions' "Copy MCP config" gives an AI assistant.
   */
  mcpUrl: 'https://docs.orchard.example/mcp',
  /** Primary theme colour: blue-violet (CSS `blueviolet`). */
  primaryColor: '#8a2be2',
} as const;

/** The three services as they appear in routes (`/api/orchard-ai-trainer/...`). */
export const services = {
  trainer: `${provider.shortName}-ai-trainer`,
  predictor: `${provider.shortName}-ai-predictor`,
  medley: `${provider.shortName}-ai-medley`,
} as const;

export type ServiceKey = keyof typeof services;

/** Base URL that every documented call starts with, e.g. `https://api.orchard.example/api`. */
export const apiBaseUrl = `${provider.apiHost}${provider.apiPrefix}`;
