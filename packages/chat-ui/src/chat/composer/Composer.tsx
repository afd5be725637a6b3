import { parseConversationID } from '@liaison/protocol';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enabledItems } from '../../kit/features';
import { useKit } from '../../kit/kit-context';
import { toolbarRegistry } from '../message/registries';
import { getMessageStore } from '../message-list/message-store';
import { checkSendable, keyAction } from './compose-rules';
import { EmojiPicker } from './EmojiPicker';
import { insertPlainText, plainTextExtensions } from './plain-editor';
import { textToDoc } from './text-doc';
import '../chat.css';

export interface ComposerProps {
  conversationID: string;
}

/**
 * The message input (spec chat.md §2 Composer): a tiptap editor with an emoji picker. Enter
 * sends, Ctrl+Enter breaks the line, IME composition never sends. Drafts: the content left
 * when the composer closes is saved as the conversation's draft; a draft is restored (and
 * cleared) when it opens. Mount one per conversation (key it by conversationID).
 */
export function Composer({ conversationID }: ComposerProps) {
  const { chat, features, isH5 } = useKit();
  const { t } = useTranslation('chat');
  const [error, setError] = useState<string | null>(null);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const latestText = useRef('');
  const sendRef = useRef<() => void>(() => undefined);
  const lineBreakRef = useRef<() => void>(() => undefined);
  const isH5Ref = useRef(isH5);
  isH5Ref.current = isH5;

  const editor = useEditor({
    extensions: plainTextExtensions(t('editorPlaceholder')),
    // What is typed is what is sent: no extension may rewrite typed or pasted text.
    enableInputRules: false,
    enablePasteRules: false,
    editorProps: {
      attributes: {
        'aria-label': t('editor'),
        'aria-multiline': 'true',
        role: 'textbox',
      },
      handleKeyDown: (view, event) => {
        const action = keyAction(event, view.composing);
        if (action === 'send') {
          sendRef.current();
          return true;
        }
        if (action === 'lineBreak') {
          lineBreakRef.current();
          return true;
        }
        return false;
      },
      handlePaste: (view, event) => insertPlainText(view, event.clipboardData?.getData('text/plain') ?? '') || true,
      handleDrop: (view, event, _slice, moved) => {
        // A drag inside the editor moves its own (already plain) content.
        if (moved) return false;
        const text = event.dataTransfer?.getData('text/plain') ?? '';
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        return insertPlainText(view, text, at) || true;
      },
    },
    onUpdate: ({ editor: current }) => {
      latestText.current = current.getText({ blockSeparator: '\n' });
      setError(null);
    },
  });

  lineBreakRef.current = () => {
    editor?.commands.setHardBreak();
  };

  sendRef.current = () => {
    if (!editor) return;
    const target = parseConversationID(conversationID);
    const check = checkSendable(editor.getText({ blockSeparator: '\n' }));
    if (!target || !check.ok) {
      if (!check.ok && check.reason === 'tooLong') setError(t('tooLong'));
      // Whitespace alone is not sent, and must not linger in front of the next message.
      if (!check.ok && check.reason === 'empty') {
        editor.commands.clearContent(true);
        latestText.current = '';
      }
      return;
    }
    const message = chat.createTextMessage({
      to: target.target,
      conversationType: target.type,
      payload: { text: check.text },
    });
    void getMessageStore(chat, conversationID).send(message);
    editor.commands.clearContent(true);
    latestText.current = '';
  };

  // Restore this conversation's draft once, then clear it; save what is left on the way out.
  // Opening a conversation puts the caret in the editor, except on phones, where focus would
  // pop up the on-screen keyboard over the conversation the user came to read.
  useEffect(() => {
    if (!editor) return;
    const draft = chat.conversationStore.get(conversationID)?.draftText ?? '';
    if (draft) {
      editor.commands.setContent(textToDoc(draft));
      latestText.current = draft;
      chat.setConversationDraft({ conversationID, draftText: '' }).catch(() => undefined);
    }
    if (!isH5Ref.current) editor.commands.focus('end');
    return () => {
      const text = latestText.current;
      if (text.trim() !== '') chat.setConversationDraft({ conversationID, draftText: text }).catch(() => undefined);
    };
  }, [editor, chat, conversationID]);

  const handleEmoji = (key: string) => {
    editor?.chain().focus().insertContent({ type: 'emoji', attrs: { key } }).run();
    setPickerOpen(false);
  };

  return (
    <div className="lc-composer">
      <div className="lc-composer__toolbar">
        {features.InputEmoji && (
          <button
            type="button"
            className="lc-icon-button"
            aria-label={t('emoji')}
            aria-expanded={isPickerOpen}
            aria-haspopup="dialog"
            onClick={() => setPickerOpen((open) => !open)}
          >
            ☺
          </button>
        )}
        {enabledItems(toolbarRegistry, features).map((item) => (
          <button
            key={item.id}
            type="button"
            className="lc-icon-button"
            aria-label={item.label}
            onClick={() => item.onSelect({ conversationID })}
          >
            {item.icon}
          </button>
        ))}
      </div>
      {isPickerOpen && <EmojiPicker onSelect={handleEmoji} onClose={() => setPickerOpen(false)} />}
      <EditorContent editor={editor} className="lc-composer__editor" />
      <div className="lc-composer__footer">
        {error && (
          <p className="lc-composer__error" role="alert">
            {error}
          </p>
        )}
        <button type="button" className="lc-composer__send" onClick={() => sendRef.current()}>
          {t('send')}
        </button>
      </div>
    </div>
  );
}
