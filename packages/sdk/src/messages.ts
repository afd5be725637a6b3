import { Limits } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok } from './core/types';
import type { URLResolver } from './file-urls';
import { cancelUpload } from './media-send';
import { downloadMergerMessage, type MergerLike } from './merger';
import { fromWire } from './message-model';
import type { Message } from './message-types';

export interface GetMessageListOptions {
  conversationID: string;
  /** From the previous page, to load older messages. */
  nextReqMessageID?: string;
}

export interface MessageListResult {
  /** Oldest first. */
  messageList: Message[];
  nextReqMessageID: string;
  isCompleted: boolean;
}

export interface MessagesContext {
  request: RequestFunction;
  me(): string;
  resolveURL: URLResolver;
}

/**
 * The messages a user reads and the uploads of those they send: history pages, merged records
 * fetched by key, and cancelling an upload. Sending itself is sending.ts, delivery receiving.ts.
 */
export class MessageAPI {
  constructor(private readonly context: MessagesContext) {}

  /** One page (15) of history, oldest first; pass nextReqMessageID from the previous page for older ones. */
  async getMessageList(options: GetMessageListOptions): Promise<ChatResponse<MessageListResult>> {
    const page = await this.context.request('getMessageList', {
      conversationID: options.conversationID,
      nextReqMessageID: options.nextReqMessageID || undefined,
      count: Limits.HISTORY_PAGE_SIZE,
    });
    const me = this.context.me();
    return ok({
      messageList: page.messageList.map((wire) => fromWire(wire, me, this.context.resolveURL)),
      nextReqMessageID: page.nextReqMessageID,
      isCompleted: page.isCompleted,
    });
  }

  /** Resolves with the merger message (or nested record) whose payload.messageList is filled. */
  async downloadMergerMessage<M extends MergerLike>(message: M): Promise<ChatResponse<M>> {
    return ok(await downloadMergerMessage(message, this.context));
  }

  /** Aborts the upload of a message being sent; its sendMessage rejects with UPLOAD_CANCELLED (2803). */
  async cancelUploadMessage(message: Message): Promise<ChatResponse<{ message: Message; isCancelled: boolean }>> {
    return ok({ message, isCancelled: cancelUpload(message) });
  }
}
