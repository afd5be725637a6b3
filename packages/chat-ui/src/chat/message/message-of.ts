import type { Message } from '@liaison/sdk';

/** The message of one type, with its typed payload (the SDK's Message is a union discriminated by `type`). */
export type MessageOf<T extends Message['type']> = Extract<Message, { type: T }>;

/** Whether the user may open the picture or file yet: sent, or its upload has finished (spec §4). */
export function isUploadDone(message: Message): boolean {
  return message.status === 'success' || message.progress >= 1;
}
