import { OPERATOR } from './operator';
import type { SiteDocument } from './site-document';

/**
 * Cookie政策. What the portal really stores in the browser: no cookies of its own, the session
 * and a few preferences in local storage (auth/session-store.ts, the chat kit's notification marks).
 */
export const COOKIE_TEXT: SiteDocument = {
  title: 'Cookie政策',
  updated: '2026年1月1日',
  intro: [`本政策说明${OPERATOR.siteName}如何在您的浏览器中存储信息，以及您如何管理这些信息。`],
  sections: [
    {
      heading: '一、什么是Cookie和本地存储',
      paragraphs: [
        'Cookie 是网站保存在浏览器中的小型文本文件；本地存储（localStorage）是浏览器提供的类似机制，数据只保存在您的设备上，不会随每次请求自动发送给服务器。',
      ],
    },
    {
      heading: '二、我们存储哪些信息',
      paragraphs: ['本平台不设置 Cookie，仅使用浏览器本地存储保存以下信息：'],
      items: [
        '登录凭证：登录后获得的访问令牌，用于保持登录状态，退出登录或登录失效时清除；',
        '账号信息：昵称、认证状态、会员与权限信息，用于显示页面和判断可用的功能；',
        '界面状态：当前选中的导航和管理中心菜单，便于刷新页面后回到原处；',
        '消息提醒：已提醒过的消息标记，避免同时打开多个页面时重复提醒。',
      ],
    },
    {
      heading: '三、我们不做什么',
      paragraphs: ['本平台不使用广告 Cookie，不使用第三方统计或跟踪工具，也不会把本地存储的信息出售或提供给第三方。'],
    },
    {
      heading: '四、如何管理',
      paragraphs: [
        '您可以随时通过“退出登录”清除登录凭证和账号信息，也可以在浏览器设置中清除本站的网站数据。清除后需要重新登录，部分界面状态会恢复默认。',
        '如果浏览器禁用了本地存储，您仍可浏览公开页面，但将无法保持登录状态。',
      ],
    },
    {
      heading: '五、政策更新与联系',
      paragraphs: [`本政策可能随功能变化而更新，更新后在本页面公布。如有疑问，请发送邮件至 ${OPERATOR.serviceEmail}。`],
    },
  ],
};
