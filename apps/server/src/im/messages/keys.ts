import {
  type ConversationType,
  ErrorCode,
  LiaisonError,
  parseConversationID,
  toConversationID,
} from '@liaison/protocol';

/** Storage key of a conversation: both sides of a C2C chat share one row and one sequence. */
export function c2cKey(a: string, b: string): string {
  return a < b ? `c:${a}:${b}` : `c:${b}:${a}`;
}

export function groupKey(groupID: string): string {
  return `g:${groupID}`;
}

export interface ConversationRef {
  type: ConversationType;
  /** Peer user ID (C2C) or group ID. */
  target: string;
  key: string;
  conversationID: string;
}

/** Resolves a client-facing conversation ID for one user; null when it is not well formed. */
export function resolveConversation(userID: string, conversationID: string): ConversationRef | null {
  const parsed = parseConversationID(conversationID);
  if (!parsed) return null;
  const key = parsed.type === 'C2C' ? c2cKey(userID, parsed.target) : groupKey(parsed.target);
  return { ...parsed, key, conversationID: toConversationID(parsed.type, parsed.target) };
}

/** As resolveConversation, refusing an ID that is not well formed (INVALID_PARAMS). */
export function requireConversation(userID: string, conversationID: string): ConversationRef {
  const ref = resolveConversation(userID, conversationID);
  if (!ref) throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'conversationID must be C2C<userID> or GROUP<groupID>');
  return ref;
}
