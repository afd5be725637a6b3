import type { OpHandlers } from '../handler';
import type { ReceiptDeps } from './receipts';
import * as receipts from './receipts';

/** Group read receipts (C2C reads travel with setMessageRead): receipts.ts. */
export const receiptHandlers: OpHandlers<
  'sendMessageReadReceipt' | 'getMessageReadReceiptList' | 'getGroupMessageReadMemberList',
  ReceiptDeps
> = {
  sendMessageReadReceipt: (services, _session, user, body) =>
    receipts.sendMessageReadReceipt(services, user.userID, body),
  getMessageReadReceiptList: (services, _session, user, body) =>
    receipts.getMessageReadReceiptList(services, user.userID, body),
  getGroupMessageReadMemberList: (services, _session, user, body) =>
    receipts.getGroupMessageReadMemberList(services, user.userID, body),
};
