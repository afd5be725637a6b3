import { mergeAttributes, Node } from '@tiptap/react';
import { findEmoji } from '../emoji/basic-emoji';

/**
 * An emoji inside the editor: an inline picture that stands for its `[TUIEmoji_*]` tag. Only the
 * tag is stored; the picture always comes from the kit's own list, so pasted HTML cannot
 * bring another source in.
 */
export const EmojiNode = Node.create({
  name: 'emoji',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: false,

  addAttributes() {
    return {
      key: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-emoji'),
        renderHTML: (attributes) => ({ 'data-emoji': attributes.key }),
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'img[data-emoji]',
        getAttrs: (element) => (findEmoji(element.getAttribute('data-emoji') ?? '') ? null : false),
      },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const emoji = findEmoji(String(node.attrs.key));
    return [
      'img',
      mergeAttributes(HTMLAttributes, {
        class: 'lc-emoji',
        src: emoji?.src ?? '',
        alt: emoji?.key ?? '',
        draggable: 'false',
      }),
    ];
  },

  renderText({ node }) {
    return String(node.attrs.key);
  },
});
