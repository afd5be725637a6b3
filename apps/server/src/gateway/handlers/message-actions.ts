import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { HandlerTable } from '../handlers';

/** CONTRACT STUB: replaced by the capability's handlers before this lands. */
export const messageActionHandlers: Pick<
  HandlerTable,
  'revokeMessage' | 'deleteMessage' | 'modifyMessage' | 'syncMessageChanges'
> = {
  async revokeMessage() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'revokeMessage is being built');
  },
  async deleteMessage() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'deleteMessage is being built');
  },
  async modifyMessage() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'modifyMessage is being built');
  },
  async syncMessageChanges() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'syncMessageChanges is being built');
  },
};
