import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart, lazyComponent, lazyModule } from '../../common/lazy-part';
import { groupOfConversation } from '../../core/conversation-group';
import { useRemarks } from '../../core/display-name';
import { useKit } from '../../core/kit-context';
import { groupAbilities } from '../../groups/group-rules';
import { useGroup } from '../../groups/use-group';
import { useGroupText } from '../../i18n/group-text';
import { QuoteBar } from '../quote/QuoteBar';
import { useComposerBridge } from '../quote/use-composer-bridge';
import { useReadReceiptRequest } from '../receipts/use-read-receipt-request';
import { useTypingReport } from '../typing/use-typing-report';
import { AttachmentChips } from './AttachmentChips';
import { attachmentKind, inSendOrder } from './attachments';
import { ComposerToolbar, voiceButton } from './ComposerToolbar';
import { checkSendable, keyAction } from './compose-rules';
import { composerSender } from './composer-send';
import type { MentionQuery } from './editor/mention';
import type { PlainEditorViewProps } from './editor/PlainEditorView';
import { takePastedImage } from './editor/pasted-images';
import type { PlainEditor } from './editor/plain-editor';
import { MentionList, mentionOptionID } from './mention/MentionList';
import { filterMentions, mentionCandidates } from './mention/mention-candidates';
import { useMentionMembers } from './mention/use-mention-members';
import '../chat.css';
import './composer.css';

/**
 * The editor and ProseMirror under it (about a quarter of the kit): fetched apart from the kit's
 * first load, as soon as a chat window shows (preloadComposer), so that it is there when a
 * conversation opens. A composer that opens before it has come shows a still stand-in of its size.
 */
export const composerEditor = lazyModule(() => import('./editor/PlainEditorView'));
const PlainEditorView = lazyComponent(composerEditor, (loaded) => loaded.PlainEditorView);

/** Starts fetching what a composer shows at once and the kit's first load leaves out: the editor, the voice button. */
export function preloadComposer(): void {
  composerEditor.preload();
  voiceButton.preload();
}

export interface ComposerProps {
  conversationID: string;
  /** Buttons of the features around the chat (calls, search) at the toolbar's end, given by the chat window. */
  toolbarEnd?: ReactNode;
}

/**
 * The message input (spec chat.md §2 Composer): the toolbar, then a plain-text editor.
 * Enter sends, Ctrl+Enter breaks the line, IME composition never sends. Files pasted or dropped
 * (desktop) wait as chips and go with the text on Enter: text first, then images, videos, files
 * (spec §4 "Send flow"). Drafts: the text left when the composer closes is saved as the
 * conversation's draft; a draft is restored (and cleared) when it opens. In group chats '@' opens
 * the mention list (spec §4, §5): it filters as the name is typed, arrows move, Enter or Tab
 * chooses, Escape closes; a chosen member goes into the text as '@name' and into the message's
 * atUserList ('everyone' as the reference SDK's @all ID). Mount one per conversation (key it by
 * conversationID): the mention list resets with it.
 */
export function Composer({ conversationID, toolbarEnd }: ComposerProps) {
  const { chat, isH5, blockedWords = [], features } = useKit();
  const { t } = useTranslation('chat');
  const tg = useGroupText();
  const [error, setError] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<File[]>([]);
  const needReadReceipt = useReadReceiptRequest(conversationID);
  const sender = useMemo(
    () =>
      composerSender(
        chat,
        conversationID,
        (reason) => setError(t('sendError', { message: reason instanceof Error ? reason.message : String(reason) })),
        { needReadReceipt },
      ),
    [chat, conversationID, t, needReadReceipt],
  );
  const addFilesRef = useRef<(files: File[], at?: number) => void>(() => undefined);
  // The conversation's draft, taken once when the composer opens (it is cleared on the server then).
  const [draft] = useState(() => chat.conversationStore.get(conversationID)?.draftText ?? '');
  const latestText = useRef(draft);
  const sendRef = useRef<() => void>(() => undefined);
  const lineBreakRef = useRef<() => void>(() => undefined);
  // spec §5: '@' mentions only in group conversations (and while the InputMention feature is on);
  // in a community's topic, of the community's members.
  const groupID = features.InputMention ? groupOfConversation(conversationID) : null;
  const group = useGroup(groupID ?? '');
  const mentionEnabled = useRef(false);
  mentionEnabled.current = groupID !== null;
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const lastMention = useRef<MentionQuery | null>(null);
  const [activeMention, setActiveMention] = useState(0);
  const mentionKeysRef = useRef<(event: KeyboardEvent) => boolean>(() => false);
  const mentionListID = useId();
  const remarks = useRemarks();
  const members = useMentionMembers(groupID, mention !== null, mention?.query ?? '');
  const candidates = useMemo(
    () =>
      filterMentions(
        mentionCandidates(members, chat.getLoginUser(), {
          // docs/groups.md: only the owner and admins mention everyone.
          canMentionAll: group ? groupAbilities(group).isManager : false,
          everyone: tg('everyone'),
          remarks,
        }),
        mention?.query ?? '',
      ),
    [members, chat, group, tg, mention?.query, remarks],
  );

  const [editor, setEditor] = useState<PlainEditor | null>(null);
  // Where the focus was when the conversation opened, if the editor's code was still on its way.
  const [focusedAtOpen] = useState(() => (composerEditor.current() ? undefined : document.activeElement));
  const editorOptions: PlainEditorViewProps['options'] = {
    text: draft,
    placeholder: t('editorPlaceholder'),
    // Opening a conversation puts the caret in the editor, except on phones, where focus would
    // pop up the on-screen keyboard over the conversation the user came to read. An editor that
    // comes later does not take the focus from where the user has moved it meanwhile.
    shouldFocus: () =>
      !isH5 &&
      (focusedAtOpen === undefined ||
        document.activeElement === focusedAtOpen ||
        document.activeElement === document.body),
    attributes: {
      'aria-label': t('editor'),
      'aria-multiline': 'true',
      role: 'textbox',
    },
    isMentionEnabled: () => mentionEnabled.current,
    handleKeyDown: (field, event) => {
      if (!field.isComposing && mentionKeysRef.current(event)) return true;
      const action = keyAction(event, field.isComposing);
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
    handlePaste: (field, event) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length > 0) {
        addFilesRef.current(files);
        return true;
      }
      return field.insertText(event.clipboardData?.getData('text/plain') ?? '') || true;
    },
    handleDrop: (field, event, moved) => {
      // A drag inside the editor moves its own (already plain) content.
      if (moved) return false;
      const files = Array.from(event.dataTransfer?.files ?? []);
      const at = field.positionAt(event.clientX, event.clientY);
      if (files.length > 0) {
        addFilesRef.current(files, at);
        return true;
      }
      const text = event.dataTransfer?.getData('text/plain') ?? '';
      return field.insertText(text, at) || true;
    },
    onChange: (text) => {
      latestText.current = text;
      setError(null);
    },
    onUpdate: (field) => {
      const next = field.mentionQuery();
      const current = lastMention.current;
      if (current?.from === next?.from && current?.query === next?.query) return;
      lastMention.current = next;
      setMention(next);
      // A new query starts from the top of the list.
      setActiveMention(0);
    },
  };
  // spec §4 "Send flow": typing is entered or left by the editor's emptiness and focus.
  useTypingReport(conversationID, editor?.view.dom ?? null);
  // The quote bar's message goes with the next text; a revoked text comes back to be re-edited.
  const bridge = useComposerBridge(conversationID, editor);

  lineBreakRef.current = () => {
    editor?.insertHardBreak();
  };

  const isMentionListOpen = mention !== null && candidates.length > 0;
  const chooseMention = (index: number) => {
    const candidate = candidates[index];
    if (editor && candidate) editor.insertMention({ userID: candidate.userID, label: candidate.label });
  };
  mentionKeysRef.current = (event) => {
    if (!editor || !mention) return false;
    if (event.key === 'Escape') {
      editor.closeMention();
      return true;
    }
    if (!isMentionListOpen) return false;
    const count = candidates.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      setActiveMention((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
      return true;
    }
    if ((event.key === 'Enter' && event.keyCode !== 229) || event.key === 'Tab') {
      chooseMention(Math.min(activeMention, count - 1));
      return true;
    }
    return false;
  };
  // The editor keeps the focus while the list is open: it says which option the arrows are on.
  useEffect(() => {
    const dom = editor?.view.dom;
    if (!dom) return;
    if (isMentionListOpen) {
      dom.setAttribute('aria-controls', mentionListID);
      dom.setAttribute('aria-activedescendant', mentionOptionID(mentionListID, activeMention));
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  }, [editor, isMentionListOpen, mentionListID, activeMention]);

  // Pasting and dropping files is a desktop feature (spec §5); phones use the toolbar's buttons.
  // Pictures go in where the caret (or the drop) is, to be sent in their place among the text;
  // other files wait as chips and go after it.
  addFilesRef.current = (files, at) => {
    if (isH5 || !editor) return;
    setError(null);
    const images = files.filter((file) => attachmentKind(file) === 'image');
    const others = files.filter((file) => attachmentKind(file) !== 'image');
    if (images.length > 0) editor.insertImages(images, at);
    if (others.length > 0) setAttachments((current) => [...current, ...others]);
  };

  sendRef.current = () => {
    if (!editor) return;
    const parts = editor
      .getParts()
      .map((part) => (part.type === 'text' ? { ...part, check: checkSendable(part.text, blockedWords) } : part));
    for (const part of parts) {
      if (part.type !== 'text' || part.check.ok || part.check.reason === 'empty') continue;
      // The text stays in the editor, so the user can change it.
      setError(t(part.check.reason === 'tooLong' ? 'tooLong' : 'blockedWord'));
      return;
    }
    // Texts and pasted pictures go in the order composed, then the chips' files in order (spec §4
    // "Send flow"); a quote goes with the first text. Pictures are taken now: the editor is cleared.
    const files = attachments;
    let quote = parts.some((part) => part.type === 'text' && part.check.ok) ? bridge.takeQuote() : undefined;
    const steps = parts.map((part) => {
      if (part.type === 'image') {
        const file = takePastedImage(part.key);
        return () => (file ? sender.files([file]) : Promise.resolve());
      }
      const { check, atUserList } = part;
      if (!check.ok) return () => Promise.resolve();
      const withQuote = quote;
      quote = undefined;
      return () => sender.text(check.text, withQuote, atUserList);
    });
    void (async () => {
      for (const step of steps) await step();
      if (files.length > 0) await sender.files(inSendOrder(files));
    })();
    // Whitespace alone is not sent, and must not linger in front of the next message.
    editor.clear();
    latestText.current = '';
    setAttachments([]);
  };

  // The restored draft is cleared on the server; what is left on the way out is saved as the draft.
  useEffect(() => {
    if (draft) chat.setConversationDraft({ conversationID, draftText: '' }).catch(() => undefined);
    return () => {
      const text = latestText.current;
      if (text.trim() !== '') chat.setConversationDraft({ conversationID, draftText: text }).catch(() => undefined);
    };
  }, [chat, conversationID, draft]);

  const handleEmoji = (key: string) => {
    if (!editor) return;
    editor.view.focus();
    editor.insertNode({ type: 'emoji', attrs: { key } });
  };

  return (
    <div className="lc-composer">
      <ComposerToolbar
        conversationID={conversationID}
        sender={sender}
        onInsertEmoji={handleEmoji}
        onError={(message) => setError(message)}
        end={toolbarEnd}
      />
      <AttachmentChips
        files={attachments}
        onRemove={(index) => setAttachments((current) => current.filter((_, at) => at !== index))}
      />
      <QuoteBar conversationID={conversationID} />
      {isMentionListOpen ? (
        <MentionList
          id={mentionListID}
          candidates={candidates}
          activeIndex={Math.min(activeMention, candidates.length - 1)}
          onChoose={(candidate) => chooseMention(candidates.indexOf(candidate))}
        />
      ) : null}
      <LazyPart fallback={<EditorStandIn text={t('editorPlaceholder')} />}>
        <PlainEditorView className="lc-composer__editor" options={editorOptions} onEditor={setEditor} />
      </LazyPart>
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

/** The editor's look while its code is on its way: the same size, the placeholder in it, still. */
function EditorStandIn({ text }: { text: string }) {
  return (
    <div className="lc-composer__editor" aria-hidden="true">
      <div className="lc-composer__stand-in">{text}</div>
    </div>
  );
}
