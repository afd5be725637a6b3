import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { Dropcursor, Placeholder, UndoRedo } from '@tiptap/extensions';
import { Fragment, Slice } from '@tiptap/pm/model';
import type { EditorView } from '@tiptap/pm/view';
import type { Extensions } from '@tiptap/react';
import { EmojiNode } from './emoji-node';
import { textToInline } from './text-doc';

/**
 * The composer's editor schema: paragraphs, hard breaks, emoji and undo, nothing else. No
 * marks (bold, italic, strike, code, underline, link) and so none of their markdown input or
 * paste rules: `*A1*`, `_B2_`, `**md**`, `` `code` `` and `~~删~~` stay the characters typed,
 * because a mark would be dropped on send and the receiver would get `A1`, `B2`, …
 */
export function plainTextExtensions(placeholder: string): Extensions {
  // Only the extensions it needs, not StarterKit: it would bring every mark and list along
  // (in the bundle even when turned off).
  return [
    Document,
    Paragraph,
    Text,
    HardBreak,
    UndoRedo,
    Dropcursor,
    Placeholder.configure({ placeholder }),
    EmojiNode,
  ];
}

/**
 * Inserts clipboard or dropped text as the plain characters it holds: rich HTML (a web page,
 * a document) is never parsed, so its formatting, pictures and collapsed spaces cannot change
 * what is sent. Emoji tags in the text become emoji again. Answers whether text was inserted.
 */
export function insertPlainText(view: EditorView, text: string, at?: number): boolean {
  if (text === '') return false;
  const fragment = Fragment.fromArray(textToInline(text).map((node) => view.state.schema.nodeFromJSON(node)));
  const slice = new Slice(fragment, 0, 0);
  const tr = at === undefined ? view.state.tr.replaceSelection(slice) : view.state.tr.replaceRange(at, at, slice);
  view.dispatch(tr.scrollIntoView());
  return true;
}
