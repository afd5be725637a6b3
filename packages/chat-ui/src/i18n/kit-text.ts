/** The shell's own words: tabs and the contacts tab's empty state. */
export const kitText = {
  en: {
    messages: 'Messages',
    contacts: 'Contacts',
    tabs: 'Chat sections',
    contactsEmpty: 'Contacts, friends and groups will be listed here in a coming version.',
  },
  'zh-CN': {
    messages: '消息',
    contacts: '通讯录',
    tabs: '聊天分区',
    contactsEmpty: '联系人、好友和群组将在后续版本中在这里列出。',
  },
  'zh-TW': {
    messages: '訊息',
    contacts: '通訊錄',
    tabs: '聊天分區',
    contactsEmpty: '聯絡人、好友和群組將在後續版本中在這裡列出。',
  },
} as const;
