import type { PushEventName } from '@liaison/protocol';
import { type Bus, userTarget } from '../../bus/bus';
import type { ClientSession, SessionUser } from '../session';

/** A change of the user's own view reaches their other tabs and processes (through the bus). */
export function tellOtherTabs(
  bus: Bus,
  session: ClientSession,
  user: SessionUser,
  event: PushEventName,
  data: unknown,
): void {
  bus.publish([userTarget(user.userID)], { event, data, exceptSession: session.id });
}
