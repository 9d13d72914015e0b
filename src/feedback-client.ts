/**
 * Sends a reader's feedback to the feedback API (lib/feedback/service.ts) at the build's
 * FEEDBACK_API_URL (docusaurus.config.ts `customFields.feedbackApiUrl`): the "Was this page helpful?"
 * form and the code sample reports (src/components/PageFeedback). Browser code without React, so it
 * says in words, never by throwing, why a submission was not received.
 */
import {maxCommentChars, maxSampleChars, sampleLabel} from './feedback-limits';

// The form's box stops where the service refuses: the bounds both read.
export {maxCommentChars};

export type Submission = {page: string; helpful: boolean; comment: string; sample?: string};

/** Received, or why not: a sentence for the reader, which the form puts after "could not be sent:". */
export type SendResult = {ok: true} | {ok: false; reason: string};

/** The route the service knows a page by: its path without a trailing slash (`/` stays `/`). */
export function pageRoute(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** Whether a code sample's tab label can be reported (the service refuses other names with a 422). */
export function reportableSample(label: string): boolean {
  return label.length <= maxSampleChars && sampleLabel.test(label);
}

/** A sentence ends with its full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The `error` of a JSON answer (the service's every refusal carries one), if there is one. */
async function errorOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as unknown;
    const error = typeof body === 'object' && body !== null ? (body as {error?: unknown}).error : undefined;
    return typeof error === 'string' && error.trim() ? error.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POSTs `submission` as JSON to `url`. A refusal (4xx) gives the service's own words (over the limit,
 * a page it does not know); a failure of the service (5xx) or of the network a general sentence, as
 * what went wrong there is nothing the reader can change.
 */
export async function sendFeedback(url: string, submission: Submission): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(submission),
      // The service needs no cookie, and one on another origin would make CORS stricter.
      credentials: 'omit',
    });
  } catch {
    return {ok: false, reason: 'the feedback service could not be reached. Check your connection, then try again.'};
  }
  if (response.ok) return {ok: true};
  if (response.status >= 500)
    return {ok: false, reason: `the feedback service failed (HTTP ${response.status}). Try again in a minute.`};
  const error = await errorOf(response);
  return {ok: false, reason: sentence(error ?? `the feedback service refused it (HTTP ${response.status})`)};
}
