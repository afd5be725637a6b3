import { createContext, useContext } from 'react';
import type { MessageOf } from '../message/message-of';

/** Opens a nested record as a new level of the viewer it is shown in. */
export interface MergerNavigator {
  push(record: MessageOf<'TIMRelayElem'>): void;
}

/** Given by the merged-record viewer to the record cards inside it. */
export const MergerNavigatorContext = createContext<MergerNavigator | null>(null);

/** The viewer a record card is shown in, or null in the message list (then the card opens one). */
export function useMergerNavigator(): MergerNavigator | null {
  return useContext(MergerNavigatorContext);
}
