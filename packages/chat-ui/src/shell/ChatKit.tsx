import type { ChatSDK } from '@liaison/sdk';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { CallLayer } from '../calls/CallLayer';
import { DEFAULT_CUSTOMER_SERVICE_USER_IDS } from '../calls/call-availability';
import { preloadComposer } from '../chat/composer/Composer';
import { onLocate } from '../chat/locate/locate';
import { ConversationHeader } from '../conversations/ConversationHeader';
import { ConversationList } from '../conversations/ConversationList';
import { listedConversationID } from '../core/conversation-group';
import { type FeatureName, resolveFeatures } from '../core/features';
import { type CustomEmojiSet, KitProvider, useKit } from '../core/kit-context';
import { ToastHost } from '../core/toasts/ToastHost';
import { useContacts } from '../core/use-contacts';
import { useNarrowScreen } from '../core/use-narrow-screen';
import { createKitI18n, type KitLanguage } from '../i18n';
import { useContactsText } from '../i18n/contacts-text';
import { KitNotifications } from '../notifications/KitNotifications';
import { ContactsPanel } from '../relations/ContactsPanel';
import type { ContactTarget } from '../relations/contact-model';
import { GlobalSearch } from '../search/GlobalSearch';
import { ChatWindow } from './ChatWindow';
import { NetworkBanner } from './NetworkBanner';
import { TrialBanner } from './TrialBanner';
import './kit.css';

export interface ChatKitProps {
  /** A logged-in SDK instance; the kit reads all its state from it. */
  chat: ChatSDK;
  language: KitLanguage;
  /** Forces the h5 (narrow) or desktop layout; by default it follows the viewport width. */
  isH5?: boolean;
  /** A conversation to open at once, e.g. `C2Cuser1` or `GROUPgroup1` (spec portal.md §1). */
  initialConversationID?: string | null;
  /** Feature flags to turn off (spec chat.md §3); every feature is on by default. */
  features?: Partial<Record<FeatureName, boolean>>;
  /**
   * The host's short status (e.g. its messaging connection state), shown in the kit's slim top
   * line beside the trial notice instead of taking a block of its own.
   */
  notice?: ReactNode;
  /** Emoji of the host's own for the picker's custom tab (hidden when absent or without a base URL). */
  customEmoji?: CustomEmojiSet;
  /**
   * A local blocked-word list (spec chat.md §8, 3123): the composer refuses a text holding one
   * of these before it is sent. The server's moderation decides in any case.
   */
  blockedWords?: readonly string[];
  /**
   * The user's read-receipt display setting (spec §4; default on). The read status of their messages
   * shows only while this and the app's setting, the `ReadStatus` feature, are both on.
   */
  displayMessageReadReceipt?: boolean;
  /** The display-online-status setting: online dots on one-to-one conversations (spec §4; default off). */
  displayOnlineStatus?: boolean;
  /**
   * Desktop notifications of incoming messages while the user looks at another tab or window
   * (default on); the browser's permission is asked when the user first sends a message.
   */
  desktopNotifications?: boolean;
  /**
   * The customer-service accounts (the reference kit's customer-service chat type): their
   * conversations have no call buttons. Default: the reference kit's '@customer_service_account'.
   */
  customerServiceUserIDs?: readonly string[];
  /**
   * The IANA time zone every date and time in the kit is written in, e.g. the deployment's
   * 'Asia/Shanghai', so the kit agrees with its host about which day it is. Default: the browser's.
   */
  timeZone?: string;
}

type Tab = 'messages' | 'contacts';

/**
 * The kit shell (spec portal.md §2 "Messaging kit shell"): messages and contacts tabs; the
 * messages tab holds the conversation list in an aside and the chat in the main area. On h5 the
 * aside is hidden while a conversation is open, and the chat's back button closes it. The contacts
 * tab shows the contact list and a contact's card (full screen on h5); choosing to message a
 * contact opens the conversation on the messages tab.
 */
export function ChatKit({
  chat,
  language,
  isH5,
  initialConversationID = null,
  features,
  notice,
  customEmoji,
  blockedWords,
  displayMessageReadReceipt = true,
  displayOnlineStatus = false,
  desktopNotifications = true,
  customerServiceUserIDs,
  timeZone,
}: ChatKitProps) {
  const narrow = useNarrowScreen();
  const h5 = isH5 ?? narrow;
  const i18n = useMemo(() => createKitI18n(language), [language]);
  // Hosts usually pass a fresh object each render; the flags' values are what matter.
  const flags = JSON.stringify(features ?? {});
  const words = JSON.stringify(blockedWords ?? []);
  const serviceIDs = JSON.stringify(customerServiceUserIDs ?? DEFAULT_CUSTOMER_SERVICE_USER_IDS);
  const context = useMemo(
    () => ({
      chat,
      isH5: h5,
      features: resolveFeatures(JSON.parse(flags)),
      blockedWords: JSON.parse(words) as string[],
      ...(customEmoji?.baseURL && customEmoji.keys.length > 0 ? { customEmoji } : {}),
      displayMessageReadReceipt,
      displayOnlineStatus,
      customerServiceUserIDs: JSON.parse(serviceIDs) as string[],
      ...(timeZone ? { timeZone } : {}),
    }),
    [chat, h5, flags, words, serviceIDs, customEmoji, displayMessageReadReceipt, displayOnlineStatus, timeZone],
  );
  const [conversationID, setConversationID] = useState<string | null>(
    initialConversationID && /^(C2C|GROUP)/.test(initialConversationID) ? initialConversationID : null,
  );
  // After the first paint, not in it: the editor's code, for the first conversation the user opens
  // (on phones the chat window, which asks for it too, shows only then).
  useEffect(preloadComposer, []);
  return (
    <I18nextProvider i18n={i18n}>
      <KitProvider value={context}>
        <KitShell h5={h5} conversationID={conversationID} onOpen={setConversationID} notice={notice} />
        <ToastHost />
        <KitNotifications isEnabled={desktopNotifications} onOpen={setConversationID} />
        <CallLayer onOpenConversation={setConversationID} />
      </KitProvider>
    </I18nextProvider>
  );
}

interface ShellProps {
  h5: boolean;
  conversationID: string | null;
  onOpen(conversationID: string | null): void;
  notice: ReactNode;
}

function KitShell({ h5, conversationID, onOpen, notice }: ShellProps) {
  const { t } = useTranslation('kit');
  const tc = useContactsText();
  const [tab, setTab] = useState<Tab>('messages');
  const [contact, setContact] = useState<ContactTarget | null>(null);
  const unreadApplications = useContacts(selectUnreadApplications);
  const chatOpen = conversationID !== null;
  // A community's topic is open under its community's row.
  const listedID = conversationID ? listedConversationID(conversationID) : null;
  const tabs: Tab[] = ['messages', 'contacts'];
  // On phones an open conversation (or a contact's card) takes the whole screen, as TUIKit's h5
  // layout does: the host's bars and the kit's own tabs and notices give way; back returns to the list.
  const isFullScreen = h5 && (tab === 'messages' ? chatOpen : contact !== null);
  const openConversation = (id: string) => {
    onOpen(id);
    setTab('messages');
  };
  const showContact = (target: ContactTarget) => {
    setContact(target);
    setTab('contacts');
  };
  // 'Locate in chat' (a search result): the conversation opens on the messages tab, at the message.
  const { chat } = useKit();
  useEffect(
    () =>
      onLocate(chat, (target) => {
        onOpen(target.conversationID);
        setTab('messages');
      }),
    [chat, onOpen],
  );
  return (
    <div className={`lc-kit${h5 ? ' lc-kit--h5' : ''}${isFullScreen ? ' lc-kit--fullscreen' : ''}`}>
      {!isFullScreen && <TrialBanner>{notice}</TrialBanner>}
      {!isFullScreen && (
        <div className="lc-kit__tabs" role="tablist" aria-label={t('tabs')}>
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={`lc-kit__tab${tab === name ? ' lc-kit__tab--active' : ''}`}
              onClick={() => setTab(name)}
            >
              {name === 'contacts' && unreadApplications > 0 ? (
                <>
                  <span aria-hidden="true">{t(name)}</span>
                  <span className="lc-kit__tab-badge" aria-hidden="true">
                    {unreadApplications > 99 ? '99+' : unreadApplications}
                  </span>
                  <span className="lc-kit__sr-only">{tc('contactsTabUnread', { count: unreadApplications })}</span>
                </>
              ) : (
                t(name)
              )}
            </button>
          ))}
        </div>
      )}
      {tab === 'messages' && (
        <div className="lc-kit__messages" role="tabpanel" aria-label={t('messages')}>
          {!(h5 && chatOpen) && (
            <aside className="lc-kit__aside">
              <GlobalSearch onOpenConversation={onOpen} onShowContact={showContact} />
              <ConversationHeader onSelect={onOpen} />
              <NetworkBanner />
              <ConversationList
                activeConversationID={conversationID}
                onSelect={onOpen}
                onDelete={(deleted) => deleted === listedID && onOpen(null)}
              />
            </aside>
          )}
          {!(h5 && !chatOpen) && (
            // A div, not <main>: the page the kit is embedded in has its own main landmark.
            <div className="lc-kit__main">
              <ChatWindow conversationID={conversationID} onBack={() => onOpen(null)} onOpen={onOpen} />
            </div>
          )}
        </div>
      )}
      {/* Kept while hidden: the contact list stays as the user left it (search, open sections). */}
      <div className="lc-kit__contacts" role="tabpanel" aria-label={t('contacts')} hidden={tab !== 'contacts'}>
        <ContactsPanel
          isActive={tab === 'contacts'}
          selected={contact}
          onSelect={setContact}
          onOpenConversation={openConversation}
        />
      </div>
    </div>
  );
}

function selectUnreadApplications(state: { unreadApplications: number }): number {
  return state.unreadApplications;
}
