import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme.ts';

// The landing page and the frame are drawn by frame.css, the other pages by MUI with theme.ts: the two must agree,
// or a visitor sees the colours change between the landing page and the login page.
const css = readFileSync(new URL('./frame.css', import.meta.url), 'utf8');

function cssVariable(name: string): string | undefined {
  return new RegExp(`--ts-${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

const withoutSpaces = (value: string | undefined) => value?.replaceAll(/\s/g, '');

describe('frame.css', () => {
  it('has the colours of theme.ts', () => {
    const { palette } = theme;
    expect(cssVariable('primary')).toBe(palette.primary.main);
    expect(cssVariable('primary-dark')).toBe(palette.primary.dark);
    expect(cssVariable('error')).toBe(palette.error.main);
    expect(cssVariable('background')).toBe(palette.background.default);
    expect(cssVariable('paper')).toBe(palette.background.paper);
    expect(cssVariable('text')).toBe(palette.text.primary);
    expect(cssVariable('text-secondary')).toBe(palette.text.secondary);
    expect(withoutSpaces(cssVariable('divider'))).toBe(withoutSpaces(palette.divider));
    const outlined = theme.components?.MuiPaper?.styleOverrides?.outlined as { borderColor: string };
    expect(cssVariable('outline')).toBe(outlined.borderColor);
  });

  it('has the shape and the font of theme.ts', () => {
    expect(cssVariable('radius')).toBe(`${theme.shape.borderRadius}px`);
    expect(withoutSpaces(cssVariable('font'))).toBe(withoutSpaces(theme.typography.fontFamily));
  });
});
