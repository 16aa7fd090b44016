import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { portalTheme } from './theme';

/** WCAG 2.x relative luminance of an sRGB colour. */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** `#rrggbb` or `rgba(r, g, b, a)`, composited over an opaque background. */
function rgb(color: string, over: number[] = [255, 255, 255]): number[] {
  if (color.startsWith('#')) {
    const h = color.slice(1);
    return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  }
  const m = color.match(/rgba?\(([^)]+)\)/);
  if (!m) throw new Error(`unknown colour ${color}`);
  const [r, g, b, a = 1] = m[1].split(',').map((p) => Number(p.trim()));
  return [r, g, b].map((c, i) => Math.round(c * a + over[i] * (1 - a)));
}

function contrast(fg: string, bg: string): number {
  const back = rgb(bg);
  const [x, y] = [luminance(rgb(fg, back)), luminance(back)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const tokens = theme.getDesignToken(portalTheme(true)) as unknown as Record<string, string>;
const WHITE = '#ffffff';
/** antd's page background (Layout), where breadcrumbs and descriptions sit. */
const PAGE = tokens.colorBgLayout;

describe('portal theme contrast (WCAG 2.2 AA, issue 20)', () => {
  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorLink',
    'colorPrimary',
    'colorSuccess',
    'colorWarning',
    'colorError',
  ])('%s is at least 4.5:1 on white and on the page background', (name) => {
    expect(contrast(tokens[name], WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens[name], PAGE)).toBeGreaterThanOrEqual(4.5);
  });

  it('placeholders are at least 4.5:1 in a white input', () => {
    expect(contrast(tokens.colorTextPlaceholder, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    'red',
    'volcano',
    'orange',
    'gold',
    'yellow',
    'lime',
    'green',
    'cyan',
    'blue',
    'geekblue',
    'purple',
    'magenta',
  ])('a %s tag (text step 7 on step 1) is at least 4.5:1', (color) => {
    expect(contrast(tokens[`${color}7`], tokens[`${color}1`])).toBeGreaterThanOrEqual(4.5);
    // antd 6 writes the CSS variable --ant-<color>-7 from this spelling as well.
    expect(contrast(tokens[`${color}-7`], tokens[`${color}-1`])).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['success', 'colorSuccess', 'colorSuccessBg'],
    ['processing', 'colorInfo', 'colorInfoBg'],
    ['warning', 'colorWarning', 'colorWarningBg'],
    ['error', 'colorError', 'colorErrorBg'],
  ])('a %s status tag is at least 4.5:1', (_status, text, bg) => {
    expect(contrast(tokens[text], tokens[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it('primary buttons (white on primary) are at least 4.5:1', () => {
    expect(contrast(WHITE, tokens.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, tokens.colorPrimaryHover)).toBeGreaterThanOrEqual(4.5);
  });
});
