import { Fragment, type Node, Slice } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';
import { parseTextParts } from '../../emoji/text-parts';
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
