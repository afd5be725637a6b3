import { Fragment, type Node, Slice } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';
import { parseTextParts } from '../../../common/emoji/text-parts';
import { composerSchema } from './schema';

/** A node as JSON (the shape ProseMirror's toJSON gives and nodeFromJSON takes). */
export interface NodeJSON {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  content?: NodeJSON[];
}

/** The text a message sends: paragraphs joined by newlines, hard breaks as newlines, emoji as their tags. */
export function docText(node: Node | Fragment): string {
  const content = node instanceof Fragment ? node : node.content;
  // A slice of one line (copied text) holds inline nodes directly.
  if (content.firstChild?.isInline) return content.textBetween(0, content.size);
  const blocks: string[] = [];
  content.forEach((block) => {
    blocks.push(block.textBetween(0, block.content.size));
  });
  return blocks.join('\n');
}

/** What a composed document sends, in order: texts (with the users they mention) and pasted pictures. */
export type ComposedPart = { type: 'text'; text: string; atUserList: string[] } | { type: 'image'; key: string };

/**
 * The document cut at its pictures: the text before a picture, the picture, the text after it,
 * and so on (docText for each text, the line breaks next to a picture dropped). Texts may be
 * empty or blank; the sender skips those.
 */
export function docParts(doc: Node): ComposedPart[] {
  const parts: ComposedPart[] = [];
  let text = '';
  let atUserList: string[] = [];
  const endText = () => {
    parts.push({ type: 'text', text, atUserList });
    text = '';
    atUserList = [];
  };
  doc.forEach((block, _offset, index) => {
    if (index > 0) text += '\n';
    block.forEach((node) => {
      if (node.type.name === 'image') {
        endText();
        parts.push({ type: 'image', key: String(node.attrs.key) });
        return;
      }
      if (node.type.name === 'mention' && !atUserList.includes(String(node.attrs.userID)))
        atUserList.push(String(node.attrs.userID));
      text += node.isText ? (node.text ?? '') : (node.type.spec.leafText?.(node) ?? '');
    });
  });
  endText();
  return parts.map((part, index) => {
    if (part.type !== 'text') return part;
    let trimmed = part.text;
    if (parts[index - 1]?.type === 'image') trimmed = trimmed.replace(/^\n+/, '');
    if (parts[index + 1]?.type === 'image') trimmed = trimmed.replace(/\n+$/, '');
    return { ...part, text: trimmed };
  });
}

/** Editor content for message text (a restored draft, a re-edited message): the reverse of docText. */
export function textToDoc(text: string): NodeJSON {
  return { type: 'doc', content: [{ type: 'paragraph', content: textToInline(text) }] };
}

/**
 * Message text as inline nodes (text, hard breaks, emoji), character for character: what a paste
 * or a draft puts into the editor, so docText gives the same text back.
 */
export function textToInline(text: string): NodeJSON[] {
  const content: NodeJSON[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (index > 0) content.push({ type: 'hardBreak' });
    for (const part of parseTextParts(line)) {
      content.push(
        part.type === 'text' ? { type: 'text', text: part.text } : { type: 'emoji', attrs: { key: part.key } },
      );
    }
  });
  return content;
}

/**
 * Inserts clipboard or dropped text as the plain characters it holds: rich HTML (a web page, a
 * document) is never parsed, so its formatting, pictures and collapsed spaces cannot change what
 * is sent. Emoji tags in the text become emoji again. Answers whether text was inserted.
 */
export function insertPlainText(view: EditorView, text: string, at?: number): boolean {
  if (text === '') return false;
  const fragment = Fragment.fromArray(textToInline(text).map((node) => composerSchema.nodeFromJSON(node)));
  const slice = new Slice(fragment, 0, 0);
  const tr = at === undefined ? view.state.tr.replaceSelection(slice) : view.state.tr.replaceRange(at, at, slice);
  view.dispatch(tr.scrollIntoView());
  return true;
}
