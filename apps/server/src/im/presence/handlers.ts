import type { OpHandlers } from '../handler';
import type { PresenceService } from './presence-service';

/** Typing and online status: presence-service.ts. */
export const presenceHandlers: OpHandlers<
  'setTypingStatus' | 'getUserStatus' | 'subscribeUserStatus' | 'unsubscribeUserStatus' | 'setSelfStatus',
  { presence: PresenceService }
> = {
  setTypingStatus: ({ presence }, session, user, body) => presence.setTypingStatus(session, user, body),
  getUserStatus: ({ presence }, _session, user, body) => presence.getUserStatus(user, body),
  subscribeUserStatus: ({ presence }, session, user, body) => presence.subscribeUserStatus(session, user, body),
  unsubscribeUserStatus: ({ presence }, session, _user, body) => presence.unsubscribeUserStatus(session, body),
  setSelfStatus: ({ presence }, session, user, body) => presence.setSelfStatus(session, user, body),
};
