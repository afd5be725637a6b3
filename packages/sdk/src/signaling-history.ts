import type { Message } from './message-types';
import { isSignalingMessage, parseSignalingData, TSignaling, toSignaling } from './signaling-data';

/**
 * Of the signalling messages found in history at login, those of invitations to `me` that are
 * still pending: not expired, not cancelled, and not yet answered by every invitee. They come
 * back oldest first, each invitation's answers after it, to be handled as if just received.
 * Tencent's HistorySignalingHandler does the same with the unread messages it syncs at login.
 */
export function pendingInvitationMessages(messages: readonly Message[], me: string, now: number): Message[] {
  const pending = new Map<string, { inviteeList: string[]; messages: Message[] }>();
  const ordered = [...messages].filter(isSignalingMessage).sort((a, b) => a.time - b.time);
  for (const message of ordered) {
    const raw = parseSignalingData(message);
    if (!raw) continue;
    const step = toSignaling(raw);
    const known = pending.get(step.inviteID);
    switch (step.actionType) {
      case TSignaling.ACTION_TYPE_INVITE:
        if (step.inviteeList.includes(me) && !(step.timeout > 0 && now - message.time > step.timeout)) {
          pending.set(step.inviteID, { inviteeList: [...step.inviteeList], messages: [message] });
        }
        break;
      case TSignaling.ACTION_TYPE_CANCEL_INVITE:
        pending.delete(step.inviteID);
        break;
      case TSignaling.ACTION_TYPE_ACCEPT_INVITE:
      case TSignaling.ACTION_TYPE_REJECT_INVITE:
      case TSignaling.ACTION_TYPE_INVITE_TIMEOUT:
        if (!known) break;
        // Answered by me (on another device): nothing is pending for me any more.
        if (step.inviteeList.includes(me)) {
          pending.delete(step.inviteID);
          break;
        }
        known.inviteeList = known.inviteeList.filter((userID) => !step.inviteeList.includes(userID));
        if (known.inviteeList.length === 0) pending.delete(step.inviteID);
        else known.messages.push(message);
        break;
    }
  }
  return [...pending.values()].flatMap((entry) => entry.messages).sort((a, b) => a.time - b.time);
}
