import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { HandlerTable } from '../handlers';

/** CONTRACT STUB: replaced by the capability's handlers before this lands. */
export const presenceHandlers: Pick<
  HandlerTable,
  'setTypingStatus' | 'getUserStatus' | 'subscribeUserStatus' | 'unsubscribeUserStatus' | 'setSelfStatus'
> = {
  async setTypingStatus() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'setTypingStatus is being built');
  },
  async getUserStatus() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getUserStatus is being built');
  },
  async subscribeUserStatus() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'subscribeUserStatus is being built');
  },
  async unsubscribeUserStatus() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'unsubscribeUserStatus is being built');
  },
  async setSelfStatus() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'setSelfStatus is being built');
  },
};
