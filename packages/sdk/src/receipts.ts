import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { Message } from './messages';
import type { RequestFunction } from './requests';
import type { ChatResponse } from './types';

export interface ReceiptsContext {
  request: RequestFunction;
  me(): string;
}

export interface ReadMemberInfo {
  userID: string;
  nick: string;
  avatar: string;
}

export interface GetGroupMessageReadMemberListOptions {
  message: Message;
  /** 0: who read it, 1: who has not. */
  filter: 0 | 1;
  cursor?: string;
  count?: number;
}

/** CONTRACT STUB (issue 11): read receipts (group rows, C2C from the peer's read cursor). */
export class Receipts {
  constructor(readonly context: ReceiptsContext) {}

  async sendMessageReadReceipt(_messageList: Message[]): Promise<ChatResponse<Record<string, never>>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'sendMessageReadReceipt is being built');
  }

  /** The messages with readReceiptInfo filled from the server. */
  async getMessageReadReceiptList(_messageList: Message[]): Promise<ChatResponse<{ messageList: Message[] }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getMessageReadReceiptList is being built');
  }

  async getGroupMessageReadMemberList(_options: GetGroupMessageReadMemberListOptions): Promise<
    ChatResponse<{
      messageID: string;
      readUserInfoList: ReadMemberInfo[];
      unreadUserInfoList: ReadMemberInfo[];
      cursor: string;
      isCompleted: boolean;
    }>
  > {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getGroupMessageReadMemberList is being built');
  }
}
