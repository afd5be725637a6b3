import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { HandlerTable } from '../handlers';

/** CONTRACT STUB: replaced by the capability's handlers before this lands. */
export const reactionHandlers: Pick<
  HandlerTable,
  'addMessageReaction' | 'removeMessageReaction' | 'getMessageReactions' | 'getAllUserListOfMessageReaction'
> = {
  async addMessageReaction() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'addMessageReaction is being built');
  },
  async removeMessageReaction() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'removeMessageReaction is being built');
  },
  async getMessageReactions() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getMessageReactions is being built');
  },
  async getAllUserListOfMessageReaction() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getAllUserListOfMessageReaction is being built');
  },
};
