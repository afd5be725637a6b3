import type { JSONContent } from '@tiptap/react';
import { parseTextParts } from '../emoji/text-parts';

/**
 * Editor content for message text (a restored draft): one paragraph, lines joined by hard
 * breaks, known emoji tags as emoji nodes. The reverse of the editor's getText().
 */
export function textToDoc(text: string): JSONContent {
  const content: JSONContent[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) content.push({ type: 'hardBreak' });
    for (const part of parseTextParts(line)) {
      content.push(
        part.type === 'text' ? { type: 'text', text: part.text } : { type: 'emoji', attrs: { key: part.key } },
      );
    }
  });
  return { type: 'doc', content: [{ type: 'paragraph', content }] };
}
