import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { actionText } from './action-text';
import { awarenessText } from './awareness-text';
import { callText } from './call-text';
import { chatText } from './chat-text';
import { contactsText } from './contacts-text';
import { conversationSearchText } from './conversation-search-text';
import { conversationText } from './conversation-text';
import { groupText } from './group-text';
import { kitText } from './kit-text';
import { messageText } from './message-text';
import { searchCommonText } from './search-common-text';
import { searchText } from './search-text';
import { topicText } from './topic-text';

/** The kit's interface languages (spec chat.md §1). */
export type KitLanguage = 'en' | 'zh-CN' | 'zh-TW';
export const KIT_LANGUAGES: readonly KitLanguage[] = ['en', 'zh-CN', 'zh-TW'];

/**
 * One i18next instance per kit, so the kit's language never leaks into (or follows by accident)
 * the host page's own i18n. Namespaces: `kit` (shell), `conversation` (list) and `chat` (window, composer),
 * `message` (message bodies, previewer, merged records), `contacts` (contacts tab, pickers), `group`
 * (group panel, join requests, mentions, mutes), `search` (global search), `conversationSearch` (search in
 * one conversation), `searchCommon` (what both searches share), `call` (voice and video calls), `topic` (a community's topics).
 */
export function createKitI18n(language: KitLanguage): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: [
      'kit',
      'conversation',
      'chat',
      'message',
      'awareness',
      'action',
      'contacts',
      'group',
      'search',
      'conversationSearch',
      'searchCommon',
      'call',
      'topic',
    ],
    defaultNS: 'conversation',
    resources: Object.fromEntries(
      KIT_LANGUAGES.map((lang) => [
        lang,
        {
          kit: kitText[lang],
          conversation: conversationText[lang],
          chat: chatText[lang],
          message: messageText[lang],
          action: actionText[lang],
          awareness: awarenessText[lang],
          contacts: contactsText[lang],
          group: groupText[lang],
          search: searchText[lang],
          conversationSearch: conversationSearchText[lang],
          searchCommon: searchCommonText[lang],
          call: callText[lang],
          topic: topicText[lang],
        },
      ]),
    ),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
