/**
 * Where the built site sends feedback, a build-time setting (FEEDBACK_API_URL): unset, the site's
 * own /api/feedback (answered by `npm run serve`, or routed by Caddy and nginx to `npm run feedback`);
 * a URL, a feedback service on another origin; `none`, no service: the pages show no form and the
 * Markdown files name no endpoint. The build writes it into every page's head (a meta tag), where the
 * hosting step (its Content-Security-Policy) and `npm run serve` read it back.
 */
export const feedbackApiVariable = 'FEEDBACK_API_URL';

/** The meta tag that carries the setting in a built page's head. */
export const feedbackMetaName = 'orchard-feedback-api';

export const sameOriginFeedbackPath = '/api/feedback';

/** The setting `env` gives: a site path, an absolute URL, or null for none. Throws on anything else. */
export function feedbackApiUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env[feedbackApiVariable]?.trim();
  if (!value) return sameOriginFeedbackPath;
  if (value === 'none') return null;
  if (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return value;
  throw new Error(
    `${feedbackApiVariable}=${value}: give the URL of a feedback service (https://feedback.example.com/api/feedback), or none for a site without one`,
  );
}

/** The origin a Content-Security-Policy must allow for the setting: another origin's, or none for the site's own. */
export function feedbackConnectOrigin(setting: string | undefined): string | undefined {
  return setting && /^https?:\/\//.test(setting) ? new URL(setting).origin : undefined;
}
