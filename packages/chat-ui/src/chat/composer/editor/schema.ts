import { Schema } from 'prosemirror-model';
import { findEmoji } from '../../../common/emoji/basic-emoji';
import { mentionNodeSpec } from './mention';
import { pastedImage } from './pasted-images';

/**
 * The composer's document: paragraphs of text, hard breaks, emoji, mentions (group chats) and
 * pasted pictures, nothing else. No marks (bold, italic, code, links) and so no markdown input or paste rules:
 * `*A1*`, `**md**`, `` `code` `` and `~~删~~` stay the characters typed, because a mark would be
 * dropped on send.
 * Node names match the JSON the drafts and tests use (`hardBreak`, `emoji`).
 */
export const composerSchema = new Schema({
  nodes: {
    doc: { content: 'paragraph+' },
    paragraph: {
      content: 'inline*',
      group: 'block',
      parseDOM: [{ tag: 'p' }],
      toDOM: () => ['p', 0],
    },
    text: { group: 'inline' },
    hardBreak: {
      inline: true,
      group: 'inline',
      selectable: false,
      parseDOM: [{ tag: 'br' }],
      toDOM: () => ['br'],
      leafText: () => '\n',
    },
    /**
     * An inline picture standing for its `[TUIEmoji_*]` tag. Only the tag is stored; the picture
     * always comes from the kit's own list, so pasted HTML cannot bring another source in.
     */
    emoji: {
      inline: true,
      group: 'inline',
      atom: true,
      selectable: false,
      attrs: { key: { default: '' } },
      parseDOM: [
        {
          tag: 'img[data-emoji]',
          getAttrs: (element) => {
            const emoji = findEmoji(element.getAttribute('data-emoji') ?? '');
            return emoji ? { key: emoji.key } : false;
          },
        },
      ],
      toDOM: (node) => {
        const emoji = findEmoji(String(node.attrs.key));
        return [
          'img',
          {
            'data-emoji': String(node.attrs.key),
            class: 'lc-emoji',
            src: emoji?.src ?? '',
            alt: emoji?.key ?? '',
            draggable: 'false',
          },
        ];
      },
      leafText: (node) => String(node.attrs.key),
    },
    mention: mentionNodeSpec,
    /**
     * A picture pasted or dropped where the caret was, sent as an image message between the text
     * before and after it. It holds only the key of its file (pasted-images); no <img> is parsed
     * into one, so pasted HTML cannot bring a picture in. No text of its own.
     */
    image: {
      inline: true,
      group: 'inline',
      atom: true,
      attrs: { key: { default: '' } },
      toDOM: (node) => {
        const image = pastedImage(String(node.attrs.key));
        return [
          'img',
          {
            class: 'lc-composer__image',
            src: image?.url ?? '',
            alt: image?.file.name ?? '',
            'data-pasted-image': String(node.attrs.key),
            draggable: 'false',
          },
        ];
      },
      leafText: () => '',
    },
  },
});
