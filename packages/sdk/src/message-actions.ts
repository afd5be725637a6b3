import {
  type CustomPayload,
  ErrorCode,
  LiaisonError,
  Limits,
  type PushEvent,
  type WireMessage,
} from '@liaison/protocol';
import type { ChangePage } from './change-sync';
import type { ConversationAPI } from './conversations';
import { invalidParams } from './core/errors';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok, TYPES } from './core/types';
import type { Emitter } from './events';
import type { URLResolver } from './file-urls';
import { fromWire } from './message-model';
import type { Message } from './message-types';

export interface MessageActionsContext {
  request: RequestFunction;
  me(): string;
  /** Makes file URLs loadable (file-urls.ts). */
  resolveURL?: URLResolver;
  /** A changed or deleted message may be a conversation's last message. */
  conversations: Pick<ConversationAPI, 'handleMessageChanged' | 'handleMessagesDeleted'>;
  events: Pick<Emitter, 'emit'>;
}

/** modifyMessage rejects with this on 2480: data.message is the message as it is now. */
export class ModifyConflictError extends LiaisonError {
  readonly data: { message: Message };

  constructor(message: Message) {
    super(ErrorCode.MESSAGE_MODIFY_CONFLICT);
    this.name = 'ModifyConflictError';
    this.data = { message };
  }
}

/** How many message changes (and deletions) a client remembers having applied. */
const APPLIED_MEMORY = 10_000;

/**
 * Revoke, delete for me, modify; and where every change to a delivered message enters the client:
 * the answers to these calls, `messageUpdated` / `messagesDeleted` pushes and what a reconnect
 * catches up (change-sync.ts). Each change updates the conversation list and is emitted once:
 * MESSAGE_REVOKED (isRevoked), MESSAGE_MODIFIED (modified, or flagged by moderation) and
 * MESSAGE_DELETED (ours: deleted for me) — on this client too when it made the change, so a UI
 * listens in one place.
 */
export class MessageActions {
  /** Per message, the highest change number applied (-1 once deleted), so a change is applied once. */
  private readonly applied = new Map<string, number>();

  constructor(private readonly context: MessageActionsContext) {}

  /**
   * Resolves with the same message object, isRevoked true and revoker set; its payload is kept
   * here (the server has emptied its copy), so the sender can put a revoked text back in the editor.
   */
  async revokeMessage(message: Message): Promise<ChatResponse<{ message: Message }>> {
    requireStored(message, 'revoke');
    const { message: wire } = await this.context.request('revokeMessage', {
      conversationID: message.conversationID,
      messageID: message.ID,
    });
    message.isRevoked = true;
    message.revoker = wire.revoker;
    if (wire.revokerInfo) message.revokerInfo = wire.revokerInfo;
    this.apply(message, wire.changeSequence);
    return ok({ message });
  }

  /**
   * Deletes 1 to 30 messages of one conversation for me (the others keep theirs). Messages that
   * were never stored (failed sends, AVChatRoom) are only dropped here. Each gets isDeleted.
   */
  async deleteMessage(messageList: Message[]): Promise<ChatResponse<{ messageList: Message[] }>> {
    if (!Array.isArray(messageList) || messageList.length === 0 || messageList.length > Limits.DELETE_MESSAGES_MAX) {
      throw invalidParams(`messageList must hold 1 to ${Limits.DELETE_MESSAGES_MAX} messages`);
    }
    const conversationID = messageList[0]?.conversationID;
    if (messageList.some((m) => typeof m?.ID !== 'string' || m.conversationID !== conversationID)) {
      throw invalidParams('messageList must hold messages of one conversation');
    }
    const stored = messageList.filter((m) => m.status === 'success' && m.sequence > 0).map((m) => m.ID);
    if (stored.length > 0) {
      await this.context.request('deleteMessage', { conversationID: conversationID as string, messageIDList: stored });
    }
    for (const message of messageList) message.isDeleted = true;
    this.applyDeleted(
      conversationID as string,
      messageList.map((m) => m.ID),
      0,
    );
    return ok({ messageList });
  }

  /**
   * Sends the text or custom content (and cloudCustomData) the caller changed on one of their
   * messages; resolves with the same object updated (isModified, the new version). If the message
   * was changed elsewhere since this copy, rejects with 2480 and data.message as it is now.
   */
  async modifyMessage(message: Message): Promise<ChatResponse<{ message: Message }>> {
    requireStored(message, 'modify');
    const content = modifiedContent(message);
    const { version, cloudCustomData } = message;
    let wire: WireMessage;
    try {
      ({ message: wire } = await this.context.request('modifyMessage', {
        conversationID: message.conversationID,
        messageID: message.ID,
        version,
        cloudCustomData,
        ...content,
      }));
    } catch (error) {
      if (!(error instanceof LiaisonError) || error.code !== ErrorCode.MESSAGE_MODIFY_CONFLICT) throw error;
      const latest = await this.latest(message).catch(() => null);
      if (!latest) throw error;
      const now = this.toMessage(latest);
      // Our own change, sent again after a reconnect lost its answer: it did take effect.
      const isOurs =
        latest.version === version + 1 &&
        latest.cloudCustomData === cloudCustomData &&
        JSON.stringify(modifiedContent(now)) === JSON.stringify(content);
      if (!isOurs) throw new ModifyConflictError(now);
      wire = latest;
    }
    Object.assign(message, this.toMessage(wire));
    this.apply(message, wire.changeSequence);
    return ok({ message });
  }

  /** A `messageUpdated` push (or a caught-up change): revoked, modified or flagged elsewhere. */
  handleUpdated(wire: WireMessage): void {
    this.apply(this.toMessage(wire), wire.changeSequence);
  }

  /** A `messagesDeleted` push: I deleted messages on another tab. */
  handleDeleted(push: PushEvent<'messagesDeleted'>): void {
    this.applyDeleted(push.conversationID, push.messageIDList, push.changeSequence);
  }

  /** A page of changes caught up after a reconnect. */
  applyChanges(conversationID: string, page: ChangePage): void {
    for (const wire of page.messageList) this.handleUpdated(wire);
    if (page.deletedMessageIDList.length > 0) {
      this.applyDeleted(conversationID, page.deletedMessageIDList, page.changeSequence);
    }
  }

  /** Forgets what was applied (logout). */
  reset(): void {
    this.applied.clear();
  }

  private apply(message: Message, changeSequence: number): void {
    if (!this.isNew(message.conversationID, message.ID, changeSequence)) return;
    this.context.conversations.handleMessageChanged(message, changeSequence);
    this.context.events.emit(message.isRevoked ? EVENT.MESSAGE_REVOKED : EVENT.MESSAGE_MODIFIED, [message]);
  }

  private applyDeleted(conversationID: string, messageIDList: readonly string[], changeSequence: number): void {
    const fresh = messageIDList.filter((id) => this.isNew(conversationID, id, Number.MAX_SAFE_INTEGER));
    if (fresh.length === 0) return;
    this.context.conversations.handleMessagesDeleted(conversationID, fresh, changeSequence);
    this.context.events.emit(EVENT.MESSAGE_DELETED, { conversationID, messageIDList: fresh });
  }

  /** Whether a change numbered `changeSequence` to this message is newer than what was applied; records it. */
  private isNew(conversationID: string, messageID: string, changeSequence: number): boolean {
    const key = `${conversationID}\n${messageID}`;
    const known = this.applied.get(key);
    if (known !== undefined && (known === Number.MAX_SAFE_INTEGER || changeSequence <= known)) return false;
    this.applied.delete(key);
    this.applied.set(key, changeSequence);
    if (this.applied.size > APPLIED_MEMORY) {
      const oldest = this.applied.keys().next();
      if (!oldest.done) this.applied.delete(oldest.value);
    }
    return true;
  }

  /** The message as the server has it now: the first of those from its sequence on. */
  private async latest(message: Message): Promise<WireMessage | null> {
    const { messageList } = await this.context.request('syncMessages', {
      conversationID: message.conversationID,
      afterSequence: message.sequence - 1,
    });
    return messageList.find((m) => m.ID === message.ID) ?? null;
  }

  private toMessage(wire: WireMessage): Message {
    return fromWire(wire, this.context.me(), this.context.resolveURL);
  }
}

type ModifiedContent =
  | { type: typeof TYPES.MSG_TEXT; payload: { text: string } }
  | { type: typeof TYPES.MSG_CUSTOM; payload: CustomPayload };

/** Only text and custom messages can be modified (60044 otherwise, as the server answers). */
function modifiedContent(message: Message): ModifiedContent {
  if (message.type === TYPES.MSG_TEXT) return { type: message.type, payload: { text: message.payload.text } };
  if (message.type === TYPES.MSG_CUSTOM) {
    const { data, description, extension } = message.payload;
    return { type: message.type, payload: { data, description, extension } };
  }
  throw new LiaisonError(ErrorCode.MESSAGE_MODIFY_DENIED);
}

function requireStored(message: Message, action: string): void {
  if (typeof message !== 'object' || message === null || typeof message.ID !== 'string') {
    throw invalidParams(`${action}: give a message`);
  }
  if (message.status !== 'success' || message.sequence === 0) {
    throw invalidParams(`${action}: only messages the server has stored can be changed`);
  }
}
