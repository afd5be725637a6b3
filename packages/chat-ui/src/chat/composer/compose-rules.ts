import { Limits, messageBodyBytes } from '@liaison/protocol';

/** The parts of a keydown the composer decides on. */
export interface EnterKey {
  key: string;
  keyCode?: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
  isComposing?: boolean;
}

export type KeyAction = 'send' | 'lineBreak' | 'none';

/**
 * Enter sends; Ctrl+Enter (also Cmd+Enter and Shift+Enter) breaks the line; while an input
 * method is composing (isComposing, or keyCode 229) Enter belongs to the IME and never sends.
 */
export function keyAction(event: EnterKey, isEditorComposing = false): KeyAction {
  if (isEditorComposing || event.isComposing || event.keyCode === 229) return 'none';
  if (event.key !== 'Enter') return 'none';
  if (event.ctrlKey || event.metaKey || event.shiftKey) return 'lineBreak';
  if (event.altKey) return 'none';
  return 'send';
}

export type SendCheck = { ok: true; text: string } | { ok: false; reason: 'empty' | 'tooLong' | 'blockedWord' };

/**
 * spec chat.md §5: empty (or whitespace-only) text is not sent; a message is at most 12K; a text
 * holding a word of the host's local blocked-word list is refused before it leaves (§8, 3123).
 * Words match case-insensitively anywhere in the text, as Chinese has no word boundaries.
 */
export function checkSendable(text: string, blockedWords: readonly string[] = []): SendCheck {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  if (messageBodyBytes({ text }) > Limits.MESSAGE_MAX_BYTES) return { ok: false, reason: 'tooLong' };
  const lower = text.toLowerCase();
  if (blockedWords.some((word) => word !== '' && lower.includes(word.toLowerCase()))) {
    return { ok: false, reason: 'blockedWord' };
  }
  return { ok: true, text };
}
