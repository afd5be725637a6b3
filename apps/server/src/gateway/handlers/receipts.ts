import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { HandlerTable } from '../handlers';

/** CONTRACT STUB: replaced by the capability's handlers before this lands. */
export const receiptHandlers: Pick<
  HandlerTable,
  'sendMessageReadReceipt' | 'getMessageReadReceiptList' | 'getGroupMessageReadMemberList'
> = {
  async sendMessageReadReceipt() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'sendMessageReadReceipt is being built');
  },
  async getMessageReadReceiptList() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getMessageReadReceiptList is being built');
  },
  async getGroupMessageReadMemberList() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getGroupMessageReadMemberList is being built');
  },
};
