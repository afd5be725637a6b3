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

export type SendCheck = { ok: true; text: string } | { ok: false; reason: 'empty' | 'tooLong' };

/** spec chat.md §5: empty (or whitespace-only) text is not sent; a message is at most 12K. */
export function checkSendable(text: string): SendCheck {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  if (messageBodyBytes({ text }) > Limits.MESSAGE_MAX_BYTES) return { ok: false, reason: 'tooLong' };
  return { ok: true, text };
}
