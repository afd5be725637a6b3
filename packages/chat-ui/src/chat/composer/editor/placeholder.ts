import { Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

/** Shows `text` in the empty editor (CSS draws it from the data-placeholder attribute). */
export function placeholder(text: string): Plugin {
  return new Plugin({
    props: {
      decorations(state) {
        const { doc } = state;
        const only = doc.firstChild;
        if (doc.childCount !== 1 || !only || only.content.size > 0) return null;
        return DecorationSet.create(doc, [
          Decoration.node(0, only.nodeSize, { class: 'is-editor-empty', 'data-placeholder': text }),
        ]);
      },
    },
  });
}
