import { ErrorCode, LiaisonError, type ReactionUser } from '@liaison/protocol';
import type { Message, MessageReaction } from './messages';
import type { RequestFunction } from './requests';
import type { ChatResponse } from './types';

export interface ReactionsContext {
  request: RequestFunction;
  me(): string;
}

export interface GetMessageReactionsOptions {
  messageList: Message[];
  /** Reactors listed per reaction (0–10); default 10. */
  maxUserCountPerReaction?: number;
}

export interface GetAllUserListOptions {
  message: Message;
  reactionID: string;
  nextSeq?: number;
  count?: number;
}

/** CONTRACT STUB (issue 11): message reactions, as the reference SDK. */
export class Reactions {
  constructor(readonly context: ReactionsContext) {}

  async addMessageReaction(
    _message: Message,
    _reactionID: string,
  ): Promise<ChatResponse<{ message: Message; reactionID: string }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'addMessageReaction is being built');
  }

  async removeMessageReaction(
    _message: Message,
    _reactionID: string,
  ): Promise<ChatResponse<{ message: Message; reactionID: string }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'removeMessageReaction is being built');
  }

  async getMessageReactions(
    _options: GetMessageReactionsOptions,
  ): Promise<ChatResponse<{ resultList: { messageID: string; reactionList: MessageReaction[] }[] }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getMessageReactions is being built');
  }

  async getAllUserListOfMessageReaction(
    _options: GetAllUserListOptions,
  ): Promise<ChatResponse<{ userList: ReactionUser[]; nextSeq: number; isCompleted: boolean }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getAllUserListOfMessageReaction is being built');
  }
}
