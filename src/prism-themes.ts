/**
 * Code block colours. Prism's GitHub (light) and Dracula (dark) themes, with the token colours that
 * fall below WCAG AA (4.5:1 against the block's background, SPEC.md's accessibility bar checked by
 * tests/e2e/every-page.spec.ts with axe) replaced by darker or lighter shades of the same hue.
 * tests/unit/prism-themes.test.ts checks every colour of both themes.
 */
import {themes, type PrismTheme} from 'prism-react-renderer';

/** The same theme with some token colours replaced (keys and values are CSS colours). */
function withColors(theme: PrismTheme, replacements: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((entry) => {
      const color = entry.style.color;
      const replacement = color === undefined ? undefined : replacements[color];
      return replacement === undefined ? entry : {...entry, style: {...entry.style, color: replacement}};
    }),
  };
}

export const lightCodeTheme = withColors(themes.github, {
  '#999988': '#6b6b5e', // comments: 2.7:1 -> 5.1:1
  '#e3116c': '#b3105c', // strings: 4.3:1 -> 6.3:1
  '#36acaa': '#116a6a', // numbers, properties, variables: 2.6:1 -> 6.0:1
  '#00a4db': '#0069a8', // keywords, attribute names: 2.7:1 -> 5.5:1
  '#d73a49': '#b31d28', // functions: 4.3:1 -> 6.3:1
});

export const darkCodeTheme = withColors(themes.dracula, {
  'rgb(98, 114, 164)': '#8b9bd0', // comments: 3.0:1 -> 5.2:1
});
