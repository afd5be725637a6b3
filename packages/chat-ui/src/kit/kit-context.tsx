import type { ChatSDK } from '@liaison/sdk';
import { createContext, type ReactNode, useContext } from 'react';
import type { Features } from './features';

/** What every part of the kit shares: the logged-in SDK instance and the layout. */
export interface KitContextValue {
  chat: ChatSDK;
  /** Narrow screens (h5): one panel at a time, touch gestures. */
  isH5: boolean;
  features: Features;
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
