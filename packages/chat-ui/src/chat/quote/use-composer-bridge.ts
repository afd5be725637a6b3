import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreValue } from '../../common/value-store';
import { useKit } from '../../core/kit-context';
import type { ConversationTextKey } from '../../i18n/conversation-text';
import type { PlainEditor } from '../composer/editor/plain-editor';
import { composerBridge } from './composer-bridge';
import { messageReplyFor, withMessageReply } from './message-reply';

/**
 * The composer's side of the bridge: a quote being set brings the caret to the editor; a
 * re-edit request replaces the editor's text with the revoked words; `takeQuote` hands the
 * quote to the message being sent (as cloudCustomData.messageReply) and clears the bar, so a
 * send that then fails leaves no quote behind (spec §4).
 */
export function useComposerBridge(conversationID: string, editor: PlainEditor | null) {
  const { chat } = useKit();
  const { t } = useTranslation('conversation');
  const bridge = composerBridge(chat, conversationID);
  const quote = useStoreValue(bridge.quote, (value) => value);
  const edit = useStoreValue(bridge.edit, (value) => value);

  useEffect(() => {
    if (!quote || !editor) return;
    // After the menu that set the quote has given focus back to the message.
    const timer = setTimeout(() => editor.focusEnd(), 0);
    return () => clearTimeout(timer);
  }, [quote, editor]);

  // Each request is taken once (the bridge outlives this composer: a new one must not take it again).
  const handled = useRef(edit?.serial ?? 0);
  useEffect(() => {
    if (!edit || !editor || edit.serial === handled.current) return;
    handled.current = edit.serial;
    editor.setText(edit.text);
    const timer = setTimeout(() => editor.focusEnd(), 0);
    return () => clearTimeout(timer);
  }, [edit, editor]);

  return {
    takeQuote(): string | undefined {
      const current = bridge.quote.get();
      if (!current) return undefined;
      bridge.setQuote(null);
      return withMessageReply(
        '',
        messageReplyFor(current, (key: ConversationTextKey) => t(key)),
      );
    },
  };
}
