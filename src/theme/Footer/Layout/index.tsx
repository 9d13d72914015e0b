// Puts the footer links in a navigation landmark labelled "Footer", so screen-reader users can jump to them as to the navbar; Docusaurus renders them in plain divs.
import React, {type ReactNode} from 'react';
import FooterLayout from '@theme-original/Footer/Layout';
import type {Props} from '@theme/Footer/Layout';

export default function FooterLayoutWrapper({links, ...props}: Props): ReactNode {
  return <FooterLayout {...props} links={links && <nav aria-label="Footer">{links}</nav>} />;
}
