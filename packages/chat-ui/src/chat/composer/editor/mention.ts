import type { Node, NodeSpec } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/**
 * The mention node of the composer's schema: '@label' as one piece of text that remembers whom
 * it names (`userID`, or the reference SDK's @all ID). The message text holds '@label'; the send
 * takes the IDs of the mentions still in the editor, so deleting the text drops the mention.
 */
export const mentionNodeSpec: NodeSpec = {
  inline: true,
  group: 'inline',
  atom: true,
  selectable: false,
  attrs: { userID: { default: '' }, label: { default: '' } },
  toDOM: (node) => [
    'span',
    { class: 'lc-mention', 'data-user-id': String(node.attrs.userID), contenteditable: 'false' },
    `@${String(node.attrs.label)}`,
  ],
  leafText: (node) => `@${String(node.attrs.label)}`,
};

/** An '@' being typed: where it is in the document and what follows it up to the caret. */
export interface MentionQuery {
  /** The position of the '@'. */
  from: number;
  /** The text typed after the '@' (no spaces). */
  query: string;
}

export const mentionKey = new PluginKey<MentionQuery | null>('mention');

type Meta = { open: number } | { close: true };

/** The characters that start a mention: '@', and the full-width '＠' of Chinese input methods. */
const AT_SIGNS = new Set(['@', '＠']);

/**
 * Watches for '@' typed while `isEnabled()` (group conversations with mentions on, spec chat.md §5):
 * from then on the plugin's state is the query typed after it, until the caret leaves it, a space
 * is typed, the '@' is deleted, or `closeMention` is called (Escape).
 */
export function mentionTrigger(isEnabled: () => boolean): Plugin<MentionQuery | null> {
  return new Plugin<MentionQuery | null>({
    key: mentionKey,
    state: {
      init: () => null,
      apply(tr, previous, _old, state) {
        const meta = tr.getMeta(mentionKey) as Meta | undefined;
        if (meta && 'close' in meta) return null;
        const from = meta && 'open' in meta ? meta.open : previous ? tr.mapping.map(previous.from) : null;
        if (from === null) return null;
        const { selection } = state;
        if (!selection.empty) return null;
        const head = selection.head;
        if (head <= from || state.doc.resolve(from).parent !== selection.$head.parent) return null;
        const typed = state.doc.textBetween(from, head, '\n', '\ufffc');
        if (!AT_SIGNS.has(typed.charAt(0))) return null;
        const query = typed.slice(1);
        if (/[\s\ufffc]/.test(query)) return null;
        return { from, query };
      },
    },
    props: {
      handleTextInput(view, from, to, text) {
        if (!AT_SIGNS.has(text) || !isEnabled()) return false;
        const tr = view.state.tr.insertText(text, from, to);
        view.dispatch(tr.setMeta(mentionKey, { open: from } satisfies Meta).scrollIntoView());
        return true;
      },
    },
  });
}

/** The '@' being typed, if any. */
export function mentionQueryOf(view: EditorView): MentionQuery | null {
  return mentionKey.getState(view.state) ?? null;
}

/** Stops following the '@' being typed (Escape); the text stays as typed. */
export function closeMention(view: EditorView): void {
  if (mentionQueryOf(view)) view.dispatch(view.state.tr.setMeta(mentionKey, { close: true } satisfies Meta));
}

/** Replaces the '@query' being typed by the mention of `userID` as '@label', and a space after it. */
export function insertMention(view: EditorView, mention: { userID: string; label: string }): void {
  const open = mentionQueryOf(view);
  if (!open) return;
  const { schema } = view.state;
  const node = schema.nodes.mention?.create(mention);
  if (!node) return;
  const tr = view.state.tr.replaceWith(open.from, view.state.selection.head, [node, schema.text(' ')]);
  view.dispatch(tr.setMeta(mentionKey, { close: true } satisfies Meta).scrollIntoView());
  view.focus();
}

/** The user IDs the editor's mentions name, each once, in order. */
export function mentionedUserIDs(doc: Node): string[] {
  const ids: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'mention') {
      const id = String(node.attrs.userID);
      if (id && !ids.includes(id)) ids.push(id);
    }
    return true;
  });
  return ids;
}
