import type { OpHandlers } from '../handler';
import { requireConversation } from '../messages/keys';
import * as actions from './message-actions';
import * as changes from './message-changes';

/** Revoke, delete for me, modify, and the change log a client catches up from (message-actions.ts, message-changes.ts). */
export const messageActionHandlers: OpHandlers<
  'revokeMessage' | 'deleteMessage' | 'modifyMessage' | 'syncMessageChanges',
  actions.MessageActionDeps
> = {
  async revokeMessage(services, session, user, body) {
    return actions.revokeMessage(services, session.id, user.userID, body);
  },
  async deleteMessage(services, session, user, body) {
    return actions.deleteMessage(services, session.id, user.userID, body);
  },
  async modifyMessage(services, session, user, body) {
    return actions.modifyMessage(services, session.id, user.userID, body);
  },
  async syncMessageChanges({ db }, _session, user, body) {
    return changes.syncMessageChanges(
      db,
      user.userID,
      requireConversation(user.userID, body.conversationID),
      body.afterChange,
    );
  },
};
