import { TYPES } from './core/types';
import type { Message } from './message-types';

/**
 * Tencent's `TencentCloudChat.TSignaling`: the signalling events (listened to with
 * addSignalingListener) and the action types a signalling message carries, with Tencent's values.
 */
export const TSignaling = {
  NEW_INVITATION_RECEIVED: 'newInvitationReceived',
  INVITEE_ACCEPTED: 'ts_invitee_accepted',
  INVITEE_REJECTED: 'ts_invitee_rejected',
  INVITATION_CANCELLED: 'ts_invitation_cancelled',
  INVITATION_TIMEOUT: 'ts_invitation_timeout',
  INVITATION_MODIFIED: 'ts_invitation_modified',
  ACTION_TYPE_UNKNOWN: 0,
  ACTION_TYPE_INVITE: 1,
  ACTION_TYPE_CANCEL_INVITE: 2,
  ACTION_TYPE_ACCEPT_INVITE: 3,
  ACTION_TYPE_REJECT_INVITE: 4,
  ACTION_TYPE_INVITE_TIMEOUT: 5,
} as const;

export type SignalingActionType = 1 | 2 | 3 | 4 | 5;

/**
 * Tencent's `Signaling`: what getSignalingInfo answers, and the JSON a signalling message carries
 * in its custom element's `data` (so that Tencent's parser reads Liaison's signals and back).
 */
export interface Signaling {
  businessID: number;
  inviteID: string;
  groupID: string;
  inviter: string;
  inviteeList: string[];
  data: string;
  actionType: number;
  timeout: number;
}

/**
 * Tencent's test for a signalling message: a custom message whose cloudCustomData says
 * `"type":"tsignaling"`, or whose data mentions both inviteID and actionType.
 */
export function isSignalingMessage(message: Pick<Message, 'type' | 'payload' | 'cloudCustomData'>): boolean {
  if (message.type !== TYPES.MSG_CUSTOM) return false;
  const data = (message.payload as { data?: unknown }).data;
  const text = typeof data === 'string' ? data : '';
  if (/"type":"tsignaling"/.test(message.cloudCustomData ?? '')) return true;
  return text.includes('inviteID') && text.includes('actionType');
}

/** The signalling JSON of a message, or null when it is not JSON. */
export function parseSignalingData(message: Pick<Message, 'payload'>): Partial<Signaling> | null {
  try {
    const parsed: unknown = JSON.parse((message.payload as { data?: string }).data ?? '');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<Signaling>) : null;
  } catch {
    return null;
  }
}

/** Tencent's normalisation of the JSON into a `Signaling` (its defaults for missing fields). */
export function toSignaling(raw: Partial<Signaling>): Signaling {
  return {
    businessID: raw.businessID || 1,
    inviteID: String(raw.inviteID ?? ''),
    groupID: raw.groupID || '',
    inviter: raw.inviter || '',
    inviteeList: Array.isArray(raw.inviteeList) ? raw.inviteeList.map(String) : [],
    data: raw.data || '',
    actionType: raw.actionType || TSignaling.ACTION_TYPE_INVITE,
    timeout: raw.timeout || 0,
  };
}

/**
 * The JSON of one signalling step, with Tencent's keys in Tencent's order (its runtime spreads
 * `{businessID, timeout, data, inviteID, groupID}` and adds the rest). Only an invitation
 * carries a timeout; cancel, accept, reject and timeout notices carry 0.
 */
export function signalingJSON(step: {
  actionType: SignalingActionType;
  inviteID: string;
  groupID: string;
  inviter: string;
  inviteeList: readonly string[];
  data: string;
  timeout?: number;
}): string {
  return JSON.stringify({
    businessID: 1,
    timeout: step.actionType === TSignaling.ACTION_TYPE_INVITE ? (step.timeout ?? 0) : 0,
    data: step.data,
    inviteID: step.inviteID,
    groupID: step.groupID,
    actionType: step.actionType,
    inviter: step.inviter,
    inviteeList: [...step.inviteeList],
  });
}

/** A version 4 UUID, the form of Tencent's inviteIDs. */
export function newInviteID(): string {
  const hex = (bits: number) =>
    Math.floor(Math.random() * 2 ** bits)
      .toString(16)
      .padStart(Math.ceil(bits / 4), '0');
  const variant = (8 + Math.floor(Math.random() * 4)).toString(16);
  return `${hex(32)}-${hex(16)}-4${hex(12)}-${variant}${hex(12)}-${hex(24)}${hex(24)}`;
}
