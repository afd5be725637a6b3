import type { Message } from '@liaison/sdk';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useKit } from '../../core/kit-context';
import { showErrorToast } from '../../core/toasts/toast-center';
import type { MessageOf } from '../message/message-of';
import type { MessageStore } from '../message-list/message-store';
import { useImagePreview } from '../preview/preview-context';
import { toPreviewImage } from '../preview/preview-image';
import { composerBridge } from '../quote/composer-bridge';
import { translationStore } from '../translate/translation-store';
import type { MessageActionID } from './action-rules';
import type { ChatSession } from './chat-session';
import { copyText } from './copy-text';

/**
 * What each menu action does to a message of the open conversation. Failures go to the kit's
 * error toasts, which use the catalogue's words (spec §8: 20016 reads 'Withdrawal deadline has
 * passed'). Deleting a single message asks no confirmation: it goes for this user only, as in the
 * reference kit.
 */
export function useActionRunner(
  store: MessageStore,
  session: ChatSession,
): (action: MessageActionID, message: Message) => void {
  const { chat } = useKit();
  const { t } = useTranslation('action');
  const preview = useImagePreview();
  return useCallback(
    (action, message) => {
      const fail = (error: unknown) => showErrorToast(chat, error);
      switch (action) {
        case 'open':
          openMessage(message, preview?.openImage);
          return;
        case 'copy':
          if (message.type !== 'TIMTextElem') return;
          void copyText(message.payload.text).then((isCopied) => {
            if (isCopied) session.tell(t('copied'));
            else fail({ message: t('copyUnsupported') });
          });
          return;
        case 'revoke':
          store.revoke(message.ID).catch(fail);
          return;
        case 'delete':
          store.remove([message.ID]).catch(fail);
          return;
        case 'quote':
          composerBridge(chat, store.conversationID).setQuote(message);
          return;
        case 'forward':
          session.forward.set({ messages: [message], isMerged: false });
          return;
        case 'multiSelect':
          session.startSelecting(message.ID);
          return;
        case 'translate':
          translationStore(chat).toggle('translation', message.ID);
          return;
        case 'convert':
          translationStore(chat).toggle('conversion', message.ID);
          return;
      }
    },
    [chat, store, session, t, preview],
  );
}

/** 'Open' (desktop): a picture in the previewer, a video or file in a new tab of its own. */
function openMessage(message: Message, openImage?: (image: ReturnType<typeof toPreviewImage>) => void): void {
  if (message.type === 'TIMImageElem') {
    openImage?.(toPreviewImage(message as MessageOf<'TIMImageElem'>));
    return;
  }
  const url =
    message.type === 'TIMVideoFileElem'
      ? message.payload.remoteVideoUrl || message.payload.videoUrl
      : message.type === 'TIMFileElem'
        ? message.payload.fileUrl
        : '';
  if (url) window.open(url, '_blank', 'noopener,noreferrer');
}
