/**
 * "Was this page helpful?" (issue 56) under every docs, tutorial, FAQ, API guide and reference page,
 * rendered by the DocItem/Footer wrapper (src/theme/DocItem/Footer): Yes or No, then an optional
 * comment sent to the feedback API (src/feedback-client.ts). Server-rendered with the two buttons, so
 * nothing below moves when the page hydrates; nothing at all in a build without a feedback service
 * (FEEDBACK_API_URL=none). It sits after the content column that search and the Markdown twins read,
 * and is marked for Pagefind to skip all the same: its words are on every page.
 */
import {useId, useState, type ReactNode} from 'react';

import {FeedbackForm, useFeedbackApiUrl} from './FeedbackForm';
import styles from './styles.module.css';

export default function PageFeedback(): ReactNode {
  const url = useFeedbackApiUrl();
  const headingId = useId();
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [sent, setSent] = useState(false);
  if (url === null) return null;
  return (
    <section className={`page-feedback ${styles.root}`} aria-labelledby={headingId} data-pagefind-ignore="all">
      <h2 id={headingId} className={styles.heading}>
        Was this page helpful?
      </h2>
      {!sent && (
        <div className={styles.votes}>
          {[true, false].map((vote) => (
            <button
              key={String(vote)}
              type="button"
              className={styles.vote}
              aria-pressed={helpful === vote}
              onClick={() => setHelpful(vote)}>
              {vote ? 'Yes' : 'No'}
            </button>
          ))}
        </div>
      )}
      {/* A vote opens the form; another vote changes what it sends, and keeps what was typed. */}
      {helpful !== null && (
        <FeedbackForm submission={{helpful}} label="Tell us more (optional)" onSent={() => setSent(true)} />
      )}
    </section>
  );
}
