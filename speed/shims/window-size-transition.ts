// Stands in for @docusaurus/theme-common's hooks/useWindowSize.js, with one change: the first
// measurement after hydration ("ssr" becomes "mobile" or "desktop") runs in a transition. On a phone
// that update swaps the desktop sidebar and table of contents for their mobile versions: one
// blocking task of a tenth of a second or more on a throttled phone, sliced by React when it is a transition.
// Resizes stay urgent. Same export and values otherwise (tests/unit/bundle-shims.test.ts).
import {startTransition, useEffect, useState} from 'react';

type WindowSize = 'desktop' | 'mobile' | 'ssr';

// The breakpoint Infima's CSS uses too (the original module's value).
const DesktopBreakpoint = 996;

export function useWindowSize({desktopBreakpoint = DesktopBreakpoint}: {desktopBreakpoint?: number} = {}): WindowSize {
  // A constant first value, so the browser's first render matches the server's.
  const [windowSize, setWindowSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const measure = () => setWindowSize(window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile');
    startTransition(measure);
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [desktopBreakpoint]);
  return windowSize;
}
