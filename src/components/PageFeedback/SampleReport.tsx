/**
 * "Report this Python sample as not working", under each code sample of an operation page
 * (src/theme/ApiExplorer/CodeSnippets): the button opens the feedback form (./FeedbackForm.tsx),
 * which sends `helpful: false` with the sample's language. Nothing in a build without a feedback
 * service, nor for a tab label the service would refuse as a language name. Marked for Pagefind to
 * skip, as the page's question is: its words are on every operation page.
 */
import {useId, useState, type ReactNode} from 'react';

import {reportableSample} from '@site/src/feedback-client';
import {FeedbackForm, useFeedbackApiUrl} from './FeedbackForm';
import styles from './styles.module.css';

export default function SampleReport({label}: {label: string}): ReactNode {
  const url = useFeedbackApiUrl();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (url === null || !reportableSample(label)) return null;
  return (
    <div className={styles.sampleReport} data-pagefind-ignore="all">
      {!sent && (
        <button
          type="button"
          className={styles.reportToggle}
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen(!open)}>
          {`Report this ${label} sample as not working`}
        </button>
      )}
      <div id={formId}>
        {open && (
          <FeedbackForm
            submission={{helpful: false, sample: label}}
            label="What went wrong? (optional)"
            onSent={() => setSent(true)}
          />
        )}
      </div>
    </div>
  );
}
