/**
 * The comment box and Send button that both feedback forms share: the page's "Was this page
 * helpful?" (./index.tsx) once the reader has voted, and a code sample's report (./SampleReport.tsx).
 * It sends through src/feedback-client.ts and says what happened: a thank-you in a status region
 * (the focus moves there, the form goes), or, in an alert, why it could not be sent, the text kept
 * in the box and the button become "Try again".
 */
import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

import {maxCommentChars, pageRoute, sendFeedback} from '@site/src/feedback-client';
import hidden from '@site/src/theme/visually-hidden.module.css';
import styles from './styles.module.css';

/**
 * Where this build sends feedback (docusaurus.config.ts `customFields.feedbackApiUrl`): the site's
 * own /api/feedback, another origin's service, or null when built with FEEDBACK_API_URL=none (no form).
 */
export function useFeedbackApiUrl(): string | null {
  const setting = useDocusaurusContext().siteConfig.customFields?.feedbackApiUrl;
  return typeof setting === 'string' && setting !== '' ? setting : null;
}

type Props = {
  /** The submission besides its page and comment: the vote, and the code sample reported. */
  submission: {helpful: boolean; sample?: string};
  /** The comment box's label. */
  label: string;
  /** Once the feedback is received: the owner takes away what opened the form (votes, report button). */
  onSent: () => void;
};

type Progress = {phase: 'writing' | 'sending' | 'sent'} | {phase: 'failed'; reason: string};

export function FeedbackForm({submission, label, onSent}: Props): ReactNode {
  const url = useFeedbackApiUrl();
  const {pathname} = useLocation();
  const boxId = useId();
  const countId = useId();
  const [comment, setComment] = useState('');
  const [progress, setProgress] = useState<Progress>({phase: 'writing'});
  // A second click or Enter while a send is on its way sends nothing (the state may not have re-rendered yet).
  const sending = useRef(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const status = useRef<HTMLDivElement>(null);

  // The form appears because the reader voted or asked to report: they type next.
  useEffect(() => box.current?.focus(), []);
  useEffect(() => {
    if (progress.phase === 'sent') status.current?.focus();
  }, [progress.phase]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || url === null) return;
    sending.current = true;
    // The alert empties while sending, so a second failure with the same words is announced again.
    setProgress({phase: 'sending'});
    const result = await sendFeedback(url, {page: pageRoute(pathname), ...submission, comment});
    sending.current = false;
    if (result.ok) {
      setProgress({phase: 'sent'});
      onSent();
    } else setProgress({phase: 'failed', reason: result.reason});
  };

  const {phase} = progress;
  return (
    <>
      {/* Both live regions are in the page before their message, so that screen readers announce it. */}
      <div role="status" tabIndex={-1} ref={status} className={phase === 'sent' ? styles.received : undefined}>
        {phase === 'sent' && 'Thank you: your feedback was received.'}
      </div>
      {phase !== 'sent' && (
        <form className={styles.form} onSubmit={(event) => void send(event)}>
          <label htmlFor={boxId} className={styles.label}>
            {label}
          </label>
          <textarea
            id={boxId}
            ref={box}
            className={styles.box}
            rows={4}
            maxLength={maxCommentChars}
            aria-describedby={countId}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <div className={styles.row}>
            <span id={countId} className={styles.count}>
              {comment.length} / {maxCommentChars}
              <span className={hidden.visuallyHidden}> characters</span>
            </span>
            {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus mid-send. */}
            <button type="submit" className="button button--primary" aria-disabled={phase === 'sending'}>
              {phase === 'sending' ? 'Sending…' : phase === 'failed' ? 'Try again' : 'Send'}
            </button>
          </div>
          <div role="alert" className={phase === 'failed' ? styles.failed : undefined}>
            {phase === 'failed' && `Your feedback could not be sent: ${progress.reason}`}
          </div>
        </form>
      )}
    </>
  );
}
