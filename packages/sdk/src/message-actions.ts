import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { Message } from './messages';
import type { RequestFunction } from './requests';
import type { ChatResponse } from './types';

export interface MessageActionsContext {
  request: RequestFunction;
  me(): string;
}

/** CONTRACT STUB (issue 11): revoke, delete for me, modify; and catching up on changes after a reconnect. */
export class MessageActions {
  constructor(readonly context: MessageActionsContext) {}

  async revokeMessage(_message: Message): Promise<ChatResponse<{ message: Message }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'revokeMessage is being built');
  }

  async deleteMessage(_messageList: Message[]): Promise<ChatResponse<{ messageList: Message[] }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'deleteMessage is being built');
  }

  async modifyMessage(_message: Message): Promise<ChatResponse<{ message: Message }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'modifyMessage is being built');
  }
}
