import { type MergedMessage, payloadSchemas, type WireMessageType } from '@liaison/protocol';
import type { Message } from '@liaison/sdk';

/** The fields a message inside a record lacks: it is shown read-only, as received and sent. */
export const RECORD_DEFAULTS = {
  conversationID: '',
  conversationType: 'C2C',
  to: '',
  flow: 'in',
  clientTime: 0,
  status: 'success',
  sequence: 0,
  random: 0,
  priority: 'Normal',
  nameCard: '',
  atUserList: [],
  needReadReceipt: false,
  isPeerRead: false,
  readReceiptInfo: { readCount: 0, unreadCount: 0, isPeerRead: false },
  isRevoked: false,
  revoker: '',
  isDeleted: false,
  isModified: false,
  isSystemMessage: false,
  isBroadcastMessage: false,
  hasRiskContent: false,
  reactionList: [],
  progress: 1,
} as const;

/**
 * A message of a merged record as a Message the renderer map draws. Its payload is checked against
 * the protocol's schema for its type; one that does not fit (or an unknown type) is shown as
 * unsupported rather than trusted.
 */
export function toViewMessage(merged: MergedMessage): Message {
  const body = merged.messageBody[0];
  const type: WireMessageType | 'unknown' = body?.type ?? 'unknown';
  const parsed = type === 'unknown' ? undefined : payloadSchemas[type].safeParse(body?.payload);
  const content = parsed?.success ? { type, payload: parsed.data } : { type: 'unknown', payload: {} };
  // The type and payload were validated together above; the remaining fields are the defaults.
  return {
    ...RECORD_DEFAULTS,
    ID: merged.ID,
    from: merged.from,
    nick: merged.nick,
    avatar: merged.avatar,
    time: merged.time,
    cloudCustomData: merged.cloudCustomData,
    ...content,
  } as unknown as Message;
}
