/** The shell's own words: the tabs, and what a part loaded on first use says when it cannot load. */
export const kitText = {
  en: {
    messages: 'Messages',
    contacts: 'Contacts',
    tabs: 'Chat sections',
    loadFailed: 'This could not load. Check the connection and try again.',
    tryAgain: 'Try again',
    close: 'Close',
  },
  'zh-CN': {
    messages: '消息',
    contacts: '通讯录',
    tabs: '聊天分区',
    loadFailed: '加载失败，请检查网络后重试。',
    tryAgain: '重试',
    close: '关闭',
  },
  'zh-TW': {
    messages: '訊息',
    contacts: '通訊錄',
    tabs: '聊天分區',
    loadFailed: '載入失敗，請檢查網路後重試。',
    tryAgain: '重試',
    close: '關閉',
  },
} as const;
