import type { WireMessage } from '@liaison/protocol';
import type { Bus, BusEnvelope } from '../../bus/bus';
import { groupTarget, userTarget } from '../../bus/bus';
import type { WriteResult } from './message-writer';

/**
 * After commit: every new message goes, in one publish, to its recipients and the sender's other
 * tabs; the send is acknowledged once the bus has taken it, so an acknowledged message was
 * published. A retried send that was already stored is not delivered again: its audience gets a
 * sequence hint instead, in case the process that stored it died before publishing it.
 */
export async function publishMessages(bus: Bus, results: WriteResult[]): Promise<void> {
  for (const { message, origin, duplicate } of results) {
    if (duplicate && message.sequence === 0) continue;
    const { conversationType, from, to, sequence } = message;
    const envelope: BusEnvelope = duplicate
      ? { event: 'sequenceHint', data: { conversationType, from, to, sequence }, exceptSession: origin }
      : { event: 'message', data: { message }, exceptSession: origin };
    bus.publish(audience(message), envelope);
  }
  await bus.flush();
}

/**
 * Messages changed after delivery (revoked, modified, flagged by moderation): their audience gets
 * each as it is now; the session that made the change (if any) already has it in its answer.
 */
export async function publishMessageUpdates(bus: Bus, messages: WireMessage[], exceptSession?: string): Promise<void> {
  for (const message of messages) {
    bus.publish(audience(message), { event: 'messageUpdated', data: { message }, exceptSession });
  }
  await bus.flush();
}

/**
 * Who hears of a group message and what happens to it (reactions, extensions): the group, or for
 * a targeted message (receiverList) its receivers and its sender, whom nobody else may know of.
 */
export function groupAudience(
  groupID: string,
  message: { sender: string; receivers?: readonly string[] | null },
): string[] {
  return message.receivers ? [...message.receivers, message.sender].map(userTarget) : [groupTarget(groupID)];
}

function audience(message: WireMessage): string[] {
  if (message.receiverList) return groupAudience(message.to, { sender: message.from, receivers: message.receiverList });
  if (message.conversationType === 'GROUP') return [groupTarget(message.to)];
  return message.to === message.from ? [userTarget(message.from)] : [userTarget(message.to), userTarget(message.from)];
}
