/** The shell's own words: the tabs. */
export const kitText = {
  en: {
    messages: 'Messages',
    contacts: 'Contacts',
    tabs: 'Chat sections',
  },
  'zh-CN': {
    messages: '消息',
    contacts: '通讯录',
    tabs: '聊天分区',
  },
  'zh-TW': {
    messages: '訊息',
    contacts: '通訊錄',
    tabs: '聊天分區',
  },
} as const;
