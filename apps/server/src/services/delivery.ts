import type { Bus } from '../bus/bus';
import { groupSubject, userSubject } from '../bus/bus';
import type { WriteResult } from './message-writer';

/** After commit: every committed message goes to its recipients and to the sender's other tabs. */
export function publishMessages(bus: Bus, results: WriteResult[]): void {
  for (const { message, origin } of results) {
    const data = { message };
    if (message.conversationType === 'GROUP') {
      bus.publish(groupSubject(message.to), { event: 'message', data, exceptSession: origin });
    } else {
      if (message.to !== message.from) bus.publish(userSubject(message.to), { event: 'message', data });
      bus.publish(userSubject(message.from), { event: 'message', data, exceptSession: origin });
    }
  }
}
