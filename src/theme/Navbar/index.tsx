// Adds a screen-reader announcement of each client-side page change: the site swaps pages without a page load, which assistive technology does not report by itself.
import React, {useEffect, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import type {WrapperProps} from '@docusaurus/types';
import Navbar from '@theme-original/Navbar';
import type NavbarType from '@theme/Navbar';

import styles from '../visually-hidden.module.css';

type Props = WrapperProps<typeof NavbarType>;

// Module state, not component state: the navbar remounts whenever a route of another docs instance
// renders its own layout, and that page change must be announced too.
let lastPathname: string | undefined;

/** The new page's name: its first heading, else the document title. */
function pageName(): string {
  return document.querySelector('h1')?.textContent?.trim() || document.title;
}

export default function NavbarWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    // Not on the first page of a visit (the browser announces a page load), not on hash changes.
    if (lastPathname !== undefined && lastPathname !== pathname) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the new page's heading from the DOM once it rendered
      setAnnouncement(`Navigated to ${pageName()}`);
    }
    lastPathname = pathname;
  }, [pathname]);
  return (
    <>
      <Navbar {...props} />
      <div role="status" className={styles.visuallyHidden}>
        {announcement}
      </div>
    </>
  );
}
