import type { ThemeConfig } from 'antd';

/**
 * Ant Design's default blue, red and greens, and its 45 % grey for secondary text, read below the
 * WCAG AA contrast of 4.5:1 on white and on their own light backgrounds (tags, the selected menu
 * entry). The portal takes the next darker shade of each, and the management centre's tags use
 * these status colours rather than Ant Design's preset palette (green, gold…),
 * whose text colours a theme cannot darken.
 */
export const PORTAL_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    // Derived from the darker shades these would turn greyish: the light tag backgrounds, kept.
    colorSuccessBg: '#f6ffed',
    colorWarningBg: '#fff7e6',
    colorErrorBg: '#fff1f0',
    colorInfoBg: '#e6f4ff',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
  },
};
