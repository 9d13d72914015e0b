import assert from 'node:assert/strict';
import {test} from 'node:test';

import type {PrismTheme} from 'prism-react-renderer';

import {darkCodeTheme, lightCodeTheme} from '../../src/prism-themes';

/** Relative luminance of a `#rrggbb` or `rgb(r, g, b)` colour (WCAG 2.1). */
function luminance(color: string): number {
  const channels = color.startsWith('#')
    ? [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16))
    : (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  assert.equal(channels.length, 3, `cannot read the colour ${color}`);
  const [r, g, b] = channels.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test('the contrast formula gives the WCAG reference values', () => {
  assert.equal(contrast('#000000', '#ffffff'), 21);
  assert.equal(contrast('#777777', '#ffffff').toFixed(2), '4.48');
});

for (const [name, theme] of [
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
] as [string, PrismTheme][]) {
  test(`every ${name} code colour reaches 4.5:1 against the code block background (WCAG 1.4.3)`, () => {
    const background = theme.plain.backgroundColor;
    assert.ok(background);
    const colors = [theme.plain.color, ...theme.styles.map((entry) => entry.style.color)].filter(
      (color): color is string => color !== undefined,
    );
    assert.ok(colors.length > 5);
    for (const color of colors) {
      assert.ok(
        contrast(color, background) >= 4.5,
        `${color} on ${background}: ${contrast(color, background).toFixed(2)}:1`,
      );
    }
  });
}
