// Confirms a colour-mode switch to screen readers ("Dark mode on"): the button's name names the mode, but Docusaurus leaves it without aria-live on purpose, so nothing announces the change.
import React, {useState, type ReactNode} from 'react';
import type {ColorMode} from '@docusaurus/theme-common';
import ColorModeToggle from '@theme-original/ColorModeToggle';
import type {Props} from '@theme/ColorModeToggle';

import styles from '../visually-hidden.module.css';

const announcements: Record<ColorMode | 'system', string> = {
  light: 'Light mode on',
  dark: 'Dark mode on',
  system: 'Colour mode follows your system setting',
};

export default function ColorModeToggleWrapper(props: Props): ReactNode {
  // Only the toggle the reader used speaks (the navbar and the mobile sidebar each hold one).
  const [announcement, setAnnouncement] = useState('');
  const onChange: Props['onChange'] = (colorMode) => {
    props.onChange(colorMode);
    setAnnouncement(announcements[colorMode ?? 'system']);
  };
  return (
    <>
      <ColorModeToggle {...props} onChange={onChange} />
      <span role="status" className={styles.visuallyHidden}>
        {announcement}
      </span>
    </>
  );
}
