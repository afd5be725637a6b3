import { CallMediaType } from '@liaison/protocol';
import { topicOfConversation } from '../core/conversation-group';
import type { Features } from '../core/features';

/**
 * The reference kit's customer-service account (its customer-service plugin): a conversation
 * with one of these is the customer-service chat type, which has no call buttons (spec chat.md §2).
 */
export const DEFAULT_CUSTOMER_SERVICE_USER_IDS: readonly string[] = ['@customer_service_account'];

/** Who a conversation's call goes to: the peer of a one-to-one chat, or the members of a group. */
export type CallTarget = { kind: 'c2c'; userID: string } | { kind: 'group'; groupID: string };

/**
 * The call kinds a conversation offers: none in a customer-service conversation or a system
 * conversation, else voice and video unless their feature flag is off.
 */
export function callTypesFor(
  conversationID: string,
  features: Pick<Features, 'VoiceCall' | 'VideoCall'>,
  customerServiceUserIDs: readonly string[] = DEFAULT_CUSTOMER_SERVICE_USER_IDS,
): CallMediaType[] {
  const target = callTargetOf(conversationID);
  if (!target) return [];
  if (target.kind === 'c2c' && customerServiceUserIDs.includes(target.userID)) return [];
  const types: CallMediaType[] = [];
  if (features.VoiceCall) types.push(CallMediaType.AUDIO);
  if (features.VideoCall) types.push(CallMediaType.VIDEO);
  return types;
}

/** The call target of a conversation ID, or null for conversations without calls (system notices, topics). */
export function callTargetOf(conversationID: string): CallTarget | null {
  if (conversationID.startsWith('C2C') && conversationID.length > 3) {
    const userID = conversationID.slice(3);
    return userID.startsWith('@TIM#') ? null : { kind: 'c2c', userID };
  }
  // A community topic has no calls of its own.
  if (conversationID.startsWith('GROUP') && conversationID.length > 5 && !topicOfConversation(conversationID)) {
    return { kind: 'group', groupID: conversationID.slice(5) };
  }
  return null;
}
