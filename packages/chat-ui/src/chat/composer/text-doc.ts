import type { JSONContent } from '@tiptap/react';
import { parseTextParts } from '../emoji/text-parts';

/**
 * Editor content for message text (a restored draft): one paragraph, lines joined by hard
 * breaks, known emoji tags as emoji nodes. The reverse of the editor's getText().
 */
export function textToDoc(text: string): JSONContent {
  return { type: 'doc', content: [{ type: 'paragraph', content: textToInline(text) }] };
}

/**
 * Message text as inline editor nodes (text, hard breaks, emoji), character for character:
 * what a paste or a draft puts into the editor, so getText() gives the same text back.
 */
export function textToInline(text: string): JSONContent[] {
  const content: JSONContent[] = [];
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
