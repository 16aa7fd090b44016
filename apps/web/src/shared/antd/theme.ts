import type { ThemeConfig } from 'antd';

/** The portal's brand blue: 6.4:1 on white, 5.9:1 on the grey page background. */
export const BRAND_BLUE = '#1f5fa8';

/** Step 7 (tag text) of the preset palettes whose own step 7 is under 4.5:1 on step 1. */
const TAG_TEXT_COLOURS = {
  orange: '#ad4e00',
  green: '#237804',
  lime: '#3f6600',
  gold: '#874d00',
  yellow: '#876800',
  cyan: '#006d75',
  volcano: '#ad2102',
} as const;

/**
 * antd 6 keeps each palette step twice (`green7` and `green-7`) and both become the CSS variable
 * `--ant-green-7`: the override must name both, or the default wins in the styles.
 */
const TAG_TEXT = Object.fromEntries(
  Object.entries(TAG_TEXT_COLOURS).flatMap(([name, hex]) => [
    [`${name}7`, hex],
    [`${name}-7`, hex],
  ]),
);

/**
 * antd tokens tuned for WCAG 2.2 AA contrast (issue 20; figures in docs/accessibility.md). antd's defaults
 * fail on a white or #f5f5f5 background: link blue #1677ff 4.1:1, secondary/description text (45 % black)
 * 3.3:1, placeholders (25 % black) 1.8:1, success/warning/error text 2.2/1.9/3.3:1, and the preset tag
 * colours (text = palette step 7 on step 1) about 3.3:1 for orange, green, lime, gold, yellow, cyan and
 * volcano. Disabled text keeps antd's colour (WCAG exempts inactive controls).
 */
export function portalTheme(motion: boolean): ThemeConfig {
  return {
    token: {
      colorPrimary: BRAND_BLUE,
      // Links and "processing"/info colours follow the brand blue (antd derives them from its own blue).
      colorInfo: BRAND_BLUE,
      colorLink: BRAND_BLUE,
      // 5.6:1 on #f5f5f5 (descriptions, breadcrumbs, table sorter text, help text).
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      // 5.3:1 on white: a placeholder is text a user must read.
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
      // Status colours are used as text (status tags, Typography type, form errors): AA on their light bg.
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorError: '#cf1322',
      // A dark seed derives a grey background: keep antd's light ones (status tags, alerts).
      colorSuccessBg: '#f6ffed',
      colorSuccessBorder: '#b7eb8f',
      colorWarningBg: '#fff7e6',
      colorWarningBorder: '#ffd591',
      colorErrorBg: '#fff1f0',
      colorErrorBorder: '#ffa39e',
      // Preset tag colours: text uses step 7 on step 1; these steps are ≥ 4.5:1 there.
      ...TAG_TEXT,
      motion,
    },
  };
}
