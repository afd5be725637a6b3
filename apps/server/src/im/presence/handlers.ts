import type { HandlerTable } from '../../gateway/handlers';

/** Typing and online status: presence/presence-service.ts. */
export const presenceHandlers: Pick<
  HandlerTable,
  'setTypingStatus' | 'getUserStatus' | 'subscribeUserStatus' | 'unsubscribeUserStatus' | 'setSelfStatus'
> = {
  setTypingStatus: ({ presence }, session, user, body) => presence.setTypingStatus(session, user, body),
  getUserStatus: ({ presence }, _session, user, body) => presence.getUserStatus(user, body),
  subscribeUserStatus: ({ presence }, session, user, body) => presence.subscribeUserStatus(session, user, body),
  unsubscribeUserStatus: ({ presence }, session, _user, body) => presence.unsubscribeUserStatus(session, body),
  setSelfStatus: ({ presence }, session, user, body) => presence.setSelfStatus(session, user, body),
};
