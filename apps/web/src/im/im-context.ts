import type { ChatSDK } from '@liaison/sdk';
import { createContext, useContext } from 'react';
import type { KitLanguage } from './kit-language';

export type ImStatus = 'disconnected' | 'connecting' | 'connected';

export interface ImContextValue {
  /** The logged-in SDK instance for the chat kit; null until messaging has logged in once. */
  chat: ChatSDK | null;
  status: ImStatus;
  /** The chat kit's language, decided by the application id (spec §1). */
  language: KitLanguage;
}

export const IM_OFFLINE: ImContextValue = { chat: null, status: 'disconnected', language: 'zh-CN' };

export const ImContext = createContext<ImContextValue>(IM_OFFLINE);

export function useIm(): ImContextValue {
  return useContext(ImContext);
}
