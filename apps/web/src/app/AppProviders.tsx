import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { FeedbackBridge, TOAST_CONFIG } from '../base/feedback';
import { PORTAL_THEME } from './theme';

/**
 * Ant Design in Chinese, with the spec's toast placement and colours that meet WCAG AA contrast,
 * around the whole portal. Buttons keep
 * their text as written ("登录", not "登 录"), so their accessible names are the words themselves.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={PORTAL_THEME} button={{ autoInsertSpace: false }}>
      <App message={TOAST_CONFIG} notification={{ duration: TOAST_CONFIG.duration }}>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
