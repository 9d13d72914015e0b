// Stands in for @docusaurus/core's client/browserContext.js, with one change: the "hydration is
// done" update runs in a transition. That update remounts every code block and tab set (their
// original components key themselves on useIsBrowser) and mounts the API explorer; as an urgent
// update it ran as one long task of hundreds of ms on a throttled phone, as a transition React
// renders it in small slices. Same exports and same behaviour otherwise (tests/unit/bundle-shims.test.ts).
import {createContext, startTransition, useEffect, useState, type ReactNode} from 'react';

export const Context = createContext(false);

export function BrowserContextProvider({children}: {children: ReactNode}): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}
