// Keeps the focus on the main content after "Skip to main content": Docusaurus focuses <main> through a tabindex it removes at once, and current Chromium then moves the focus back to the page body.
import React, {type MouseEvent, type ReactNode} from 'react';
import {SkipToContentFallbackId} from '@docusaurus/theme-common';
import type {WrapperProps} from '@docusaurus/types';
import SkipToContent from '@theme-original/SkipToContent';
import type SkipToContentType from '@theme/SkipToContent';

type Props = WrapperProps<typeof SkipToContentType>;

/** Runs after Docusaurus' own handler on the link, as the click bubbles up to this wrapper. */
function keepFocusOnContent(event: MouseEvent<HTMLDivElement>): void {
  if (!(event.target instanceof Element) || !event.target.closest('a')) return;
  // The same target as Docusaurus: the first <main>, else the layout's content wrapper.
  const target =
    document.querySelector<HTMLElement>('main:first-of-type') ?? document.getElementById(SkipToContentFallbackId);
  if (!target) return;
  target.setAttribute('tabindex', '-1');
  target.focus();
  // Focusable until the reader moves on, and no longer in the way of mouse clicks after that.
  target.addEventListener('blur', () => target.removeAttribute('tabindex'), {once: true});
}

export default function SkipToContentWrapper(props: Props): ReactNode {
  return (
    // Listens only to the link's own activation: Enter on a link fires a click, so keyboards are covered.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- catches the link's click as it bubbles
    <div onClick={keepFocusOnContent}>
      <SkipToContent {...props} />
    </div>
  );
}
