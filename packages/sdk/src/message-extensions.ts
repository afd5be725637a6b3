import { Limits, type MessageExtension, type PushEvent } from '@liaison/protocol';
import { invalidParams } from './core/errors';
import type { Logger } from './core/logger';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok } from './core/types';
import type { Emitter } from './events';
import type { Message } from './message-types';

export interface MessageExtensionsContext {
  request: RequestFunction;
  events: Pick<Emitter, 'emit'>;
  logger: Pick<Logger, 'warn'>;
}

/** One key as Tencent's calls answer it: code 0, or 23001 with the key as it is now (set it again if need be). */
export interface ExtensionResult {
  code: number;
  key: string;
  value: string;
}

/** How many messages' key versions are remembered; past it, the message seen longest ago is forgotten. */
const VERSIONED_MESSAGES_MAX = 1_000;

/**
 * Tencent's message extensions: key-value pairs on a message created with isSupportExtension
 * (docs/message-actions.md). As Tencent's SDK, this client remembers each key's version from
 * every answer and push, and names it when it changes the key, so a change made meanwhile by
 * someone else is refused for that key (23001) rather than overwritten.
 */
export class MessageExtensions {
  /** By message ID, each key's version as last seen. */
  private readonly versions = new Map<string, Map<string, number>>();

  constructor(private readonly context: MessageExtensionsContext) {}

  /** Sets up to 20 keys (Tencent drops the rest, with a warning); resolves with each key's result. */
  async setMessageExtensions(
    message: Message,
    extensions: Array<{ key: string; value: string }>,
  ): Promise<ChatResponse<{ extensions: ExtensionResult[] }>> {
    requireExtensible(message, 'setMessageExtensions');
    if (!Array.isArray(extensions) || extensions.length === 0) {
      throw invalidParams('setMessageExtensions: extensions must be a non-empty list of {key, value}');
    }
    if (extensions.length > Limits.MESSAGE_EXTENSIONS_PER_CALL_MAX) {
      this.context.logger.warn(
        `setMessageExtensions: at most ${Limits.MESSAGE_EXTENSIONS_PER_CALL_MAX} extensions are set at once; the rest are dropped`,
      );
    }
    const { resultList } = await this.context.request('setMessageExtensions', {
      ...refOf(message),
      extensions: extensions.slice(0, Limits.MESSAGE_EXTENSIONS_PER_CALL_MAX).map(({ key, value }) => ({
        key,
        value,
        seq: this.versionOf(message.ID, key),
      })),
    });
    return ok({ extensions: this.learnResults(message.ID, resultList) });
  }

  /** Every key of the message that has a value. */
  async getMessageExtensions(
    message: Message,
  ): Promise<ChatResponse<{ extensions: Array<{ key: string; value: string }> }>> {
    requireExtensible(message, 'getMessageExtensions');
    const { extensions } = await this.context.request('getMessageExtensions', refOf(message));
    this.learn(message.ID, extensions);
    return ok({ extensions: extensions.map(({ key, value }) => ({ key, value })) });
  }

  /** Deletes the keys named, or every key when keyList is absent or empty (as Tencent's). */
  async deleteMessageExtensions(
    message: Message,
    keyList?: string[],
  ): Promise<ChatResponse<{ extensions: ExtensionResult[] }>> {
    requireExtensible(message, 'deleteMessageExtensions');
    if (keyList !== undefined && !Array.isArray(keyList))
      throw invalidParams('deleteMessageExtensions: keyList must be a list of keys');
    const named = keyList && keyList.length > 0;
    const { resultList } = await this.context.request('deleteMessageExtensions', {
      ...refOf(message),
      ...(named
        ? {
            keyList: keyList.slice(0, Limits.MESSAGE_EXTENSIONS_PER_CALL_MAX).map((key) => ({
              key,
              seq: this.versionOf(message.ID, key),
            })),
          }
        : {}),
    });
    return ok({ extensions: this.learnResults(message.ID, resultList) });
  }

  /**
   * A `messageExtensions` push: MESSAGE_EXTENSIONS_UPDATED {messageID, extensions: [{key, value}]}
   * for keys set, MESSAGE_EXTENSIONS_DELETED {messageID, keyList} for keys deleted (Tencent's payloads).
   */
  handlePush(push: PushEvent<'messageExtensions'>): void {
    const { messageID, operation, extensions } = push;
    this.learn(messageID, extensions);
    if (operation === 'set') {
      this.context.events.emit(EVENT.MESSAGE_EXTENSIONS_UPDATED, {
        messageID,
        extensions: extensions.map(({ key, value }) => ({ key, value })),
      });
    } else {
      this.context.events.emit(EVENT.MESSAGE_EXTENSIONS_DELETED, { messageID, keyList: extensions.map((e) => e.key) });
    }
  }

  /** Logout: nothing of this user's stays. */
  reset(): void {
    this.versions.clear();
  }

  private versionOf(messageID: string, key: string): number {
    return this.versions.get(messageID)?.get(key) ?? 0;
  }

  private learnResults(messageID: string, resultList: Array<MessageExtension & { code: number }>): ExtensionResult[] {
    this.learn(messageID, resultList);
    return resultList.map(({ code, key, value }) => ({ code, key, value }));
  }

  private learn(messageID: string, extensions: readonly MessageExtension[]): void {
    const known = this.versions.get(messageID) ?? new Map<string, number>();
    this.versions.delete(messageID);
    this.versions.set(messageID, known);
    for (const { key, seq } of extensions) known.set(key, Math.max(seq, known.get(key) ?? 0));
    if (this.versions.size > VERSIONED_MESSAGES_MAX) {
      const oldest = this.versions.keys().next();
      if (!oldest.done) this.versions.delete(oldest.value);
    }
  }
}

/** As Tencent's check: a message sent successfully and created with isSupportExtension. */
function requireExtensible(message: Message, api: string): void {
  if (typeof message !== 'object' || message === null || typeof message.ID !== 'string') {
    throw invalidParams(`${api}: give a message`);
  }
  if (message.status !== 'success' || message.isSupportExtension !== true) {
    throw invalidParams(`${api}: the message must be sent and created with isSupportExtension: true`);
  }
}

function refOf(message: Message): { conversationID: string; messageID: string } {
  return { conversationID: message.conversationID, messageID: message.ID };
}
