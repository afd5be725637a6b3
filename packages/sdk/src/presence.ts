import { ErrorCode, LiaisonError, type UserStatus } from '@liaison/protocol';
import type { RequestFunction } from './requests';
import type { ChatResponse } from './types';

export interface PresenceContext {
  request: RequestFunction;
  me(): string;
}

export interface StatusFailure {
  userID: string;
  code: number;
  message: string;
}

/** CONTRACT STUB (issue 11): typing state and online status. */
export class Presence {
  constructor(readonly context: PresenceContext) {}

  /** Ours: tell a C2C peer I am typing (the kit calls it debounced while the editor has text). */
  async enterTypingState(_options: { conversationID: string }): Promise<ChatResponse<Record<string, never>>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'enterTypingState is being built');
  }

  async leaveTypingState(_options: { conversationID: string }): Promise<ChatResponse<Record<string, never>>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'leaveTypingState is being built');
  }

  async getUserStatus(_options: {
    userIDList: string[];
  }): Promise<ChatResponse<{ successUserList: UserStatus[]; failureUserList: StatusFailure[] }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'getUserStatus is being built');
  }

  async subscribeUserStatus(_options: {
    userIDList: string[];
  }): Promise<ChatResponse<{ failureUserList: StatusFailure[] }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'subscribeUserStatus is being built');
  }

  async unsubscribeUserStatus(_options?: {
    userIDList?: string[];
  }): Promise<ChatResponse<{ failureUserList: StatusFailure[] }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'unsubscribeUserStatus is being built');
  }

  async setSelfStatus(_options: { customStatus: string }): Promise<ChatResponse<Record<string, never>>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'setSelfStatus is being built');
  }
}
