// Keeps the request-body editor's react-live provider from evaluating the body: it runs the text through
// Function() on every keystroke to render a preview the explorer never shows, which the site's
// Content-Security-Policy (no 'unsafe-eval') refuses. A transform that yields no code stops react-live
// before it evaluates anything; the editor, the form field and its checks work as before.
// It also starts with the body of a history entry the reader chose (src/theme/ApiExplorer/History.tsx).
import {useState, type ComponentProps, type ReactNode} from 'react';
import LiveEditor from '@theme-original/ApiExplorer/LiveEditor';

import {takeRestoredBody} from '@site/src/explorer-history';

/** Module-level, so the provider sees the same transform every render and transpiles on edits only. */
const noPreview = (): null => null;

export default function LiveEditorWrapper(props: ComponentProps<typeof LiveEditor>): ReactNode {
  const [restored] = useState(takeRestoredBody);
  return (
    <LiveEditor {...props} transformCode={noPreview}>
      {restored ?? props.children}
    </LiveEditor>
  );
}
