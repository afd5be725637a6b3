import type { WireMessage } from '@liaison/protocol';
import type { Bus, BusEnvelope } from '../bus/bus';
import { groupSubject, userSubject } from '../bus/bus';
import type { WriteResult } from './message-writer';

/**
 * After commit: every new message goes to its recipients and to the sender's other tabs, and the
 * send is acknowledged only once the bus has taken it, so an acknowledged message was published.
 * A retried send that was already stored is not delivered again; its audience gets a sequence
 * hint instead, in case the process that stored it died before publishing it.
 */
export async function publishMessages(bus: Bus, results: WriteResult[]): Promise<void> {
  for (const { message, origin, duplicate } of results) {
    if (duplicate && message.sequence === 0) continue;
    const envelope: BusEnvelope = duplicate
      ? {
          event: 'sequenceHint',
          data: {
            conversationType: message.conversationType,
            from: message.from,
            to: message.to,
            sequence: message.sequence,
          },
        }
      : { event: 'message', data: { message } };
    // The sending session has the ack; only its session ID can match, so one envelope serves all.
    for (const subject of audience(message)) bus.publish(subject, { ...envelope, exceptSession: origin });
  }
  await bus.flush();
}

function audience(message: WireMessage): string[] {
  if (message.conversationType === 'GROUP') return [groupSubject(message.to)];
  return message.to === message.from
    ? [userSubject(message.from)]
    : [userSubject(message.to), userSubject(message.from)];
}
