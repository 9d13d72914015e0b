// Shows a new announcement in the same page load to a reader who dismissed an older one (SPEC.md §4): Docusaurus' pre-hydration script hides the bar whenever any announcement was dismissed, without comparing ids, and nothing unhides it.
import React, {useEffect, type ReactNode} from 'react';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import type {WrapperProps} from '@docusaurus/types';
import useIsBrowser from '@docusaurus/useIsBrowser';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';

type Props = WrapperProps<typeof AnnouncementBarType>;

// Set by Docusaurus' inline script from storage; its CSS hides the bar while it is 'true'.
const initiallyDismissedAttribute = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  // During hydration the bar is always active; only the state after it reflects storage.
  const isBrowser = useIsBrowser();
  useEffect(() => {
    // Active after hydration means not dismissed: the stored id differed, so the dismissal was reset.
    if (isBrowser && isActive) document.documentElement.setAttribute(initiallyDismissedAttribute, 'false');
  }, [isBrowser, isActive]);
  return <AnnouncementBar {...props} />;
}
