import type { ChatSDK } from '@liaison/sdk';
import { createContext, type ReactNode, useContext } from 'react';
import type { Features } from './features';

/** What every part of the kit shares: the logged-in SDK instance and the layout. */
export interface KitContextValue {
  chat: ChatSDK;
  /** Narrow screens (h5): one panel at a time, touch gestures. */
  isH5: boolean;
  features: Features;
  /** The host's own emoji set for the picker's custom tab; the tab is hidden without one. */
  customEmoji?: CustomEmojiSet;
  /** The host's local blocked-word list: a text holding one is refused before sending (3123). */
  blockedWords?: readonly string[];
  /**
   * The user's read-receipt display setting (spec §4): the read status of their messages shows only
   * while this and the app's ReadStatus feature are both on. Default on.
   */
  displayMessageReadReceipt?: boolean;
  /** The display-online-status setting (spec §4): online dots on one-to-one conversations. Default off. */
  displayOnlineStatus?: boolean;
  /** Customer-service accounts: conversations with them offer no calls (spec chat.md §2). */
  customerServiceUserIDs?: readonly string[];
  /** The IANA zone every time is shown in (the deployment's); unset, the browser's own. */
  timeZone?: string;
}

/**
 * Custom emoji (spec chat.md §3): pictures at `baseURL` + key. Choosing one sends a face message
 * with `index` = groupID and `data` = its key.
 */
export interface CustomEmojiSet {
  baseURL: string;
  keys: readonly string[];
  groupID: number;
}

const KitContext = createContext<KitContextValue | null>(null);

export function KitProvider({ value, children }: { value: KitContextValue; children: ReactNode }) {
  return <KitContext.Provider value={value}>{children}</KitContext.Provider>;
}

export function useKit(): KitContextValue {
  const value = useContext(KitContext);
  if (!value) throw new Error('useKit: render inside <KitProvider> (ChatKit provides it)');
  return value;
}
