import type { OpHandlers } from '../handler';
import type { ReactionDeps } from './reactions';
import * as reactions from './reactions';

/** Message reactions: reactions.ts. */
export const reactionHandlers: OpHandlers<
  'addMessageReaction' | 'removeMessageReaction' | 'getMessageReactions' | 'getAllUserListOfMessageReaction',
  ReactionDeps
> = {
  addMessageReaction: (services, _session, user, body) => reactions.addMessageReaction(services, user.userID, body),
  removeMessageReaction: (services, _session, user, body) =>
    reactions.removeMessageReaction(services, user.userID, body),
  getMessageReactions: ({ db }, _session, user, body) => reactions.getMessageReactions(db, user.userID, body),
  getAllUserListOfMessageReaction: ({ db }, _session, user, body) =>
    reactions.getAllUserListOfMessageReaction(db, user.userID, body),
};
