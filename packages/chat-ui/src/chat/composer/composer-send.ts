import { parseConversationID } from '@liaison/protocol';
import type { ChatSDK, Message } from '@liaison/sdk';
import { reportSendFailure } from '../../core/toasts/toast-center';
import { getMessageStore } from '../message-list/message-store';
import { attachmentKind } from './attachments';
import { EVALUATION_DESCRIPTION, evaluationData } from './evaluation';

/** What the composer sends into one conversation; each call makes SDK messages and sends them through the list's store. */
export interface ComposerSender {
  /**
   * A text; with `cloudCustomData` (e.g. a quote's messageReply) when given; mentioning
   * `atUserList` (user IDs, or TYPES.MSG_AT_ALL) when not empty.
   */
  text(text: string, cloudCustomData?: string, atUserList?: readonly string[]): Promise<void>;
  /** Files one by one in the order given; each waits for the one before. */
  files(files: readonly File[]): Promise<void>;
  face(index: number, data: string): Promise<void>;
  audio(file: File, second: number): Promise<void>;
  evaluation(score: number, comment: string): Promise<void>;
}

/**
 * The composer's way to send into `conversationID`. A message the SDK refuses to create (a file over
 * 100 MB, say) is reported to `onError` and the rest still go; a send that fails shows on its row
 * (the store marks it, with resend).
 */
export function composerSender(
  chat: ChatSDK,
  conversationID: string,
  onError: (error: unknown) => void,
  /** Group messages ask for read receipts (spec §4: while the app's and the user's settings are on). */
  options: { needReadReceipt?: () => boolean } = {},
): ComposerSender {
  const target = parseConversationID(conversationID);
  const store = getMessageStore(chat, conversationID);
  const send = async (create: (to: string, conversationType: 'C2C' | 'GROUP') => Message) => {
    if (!target) return;
    let message: Message;
    try {
      message = create(target.target, target.type);
    } catch (error) {
      onError(error);
      return;
    }
    if (target.type === 'GROUP' && options.needReadReceipt?.()) message.needReadReceipt = true;
    reportSendFailure(chat, await store.send(message));
  };

  return {
    text: (text, cloudCustomData, atUserList = []) =>
      send((to, conversationType) => {
        const options = { to, conversationType, ...(cloudCustomData ? { cloudCustomData } : {}) };
        return atUserList.length > 0 && conversationType === 'GROUP'
          ? chat.createTextAtMessage({ ...options, payload: { text, atUserList: [...atUserList] } })
          : chat.createTextMessage({ ...options, payload: { text } });
      }),
    files: async (files) => {
      for (const file of files) {
        await send((to, conversationType) => {
          const options = { to, conversationType, payload: { file } };
          const kind = attachmentKind(file);
          if (kind === 'image') return chat.createImageMessage(options);
          if (kind === 'video') return chat.createVideoMessage(options);
          return chat.createFileMessage(options);
        });
      }
    },
    face: (index, data) =>
      send((to, conversationType) => chat.createFaceMessage({ to, conversationType, payload: { index, data } })),
    audio: (file, second) =>
      send((to, conversationType) => chat.createAudioMessage({ to, conversationType, payload: { file, second } })),
    evaluation: (score, comment) =>
      send((to, conversationType) =>
        chat.createCustomMessage({
          to,
          conversationType,
          payload: {
            data: evaluationData(score, comment),
            description: EVALUATION_DESCRIPTION,
            extension: EVALUATION_DESCRIPTION,
          },
        }),
      ),
  };
}
