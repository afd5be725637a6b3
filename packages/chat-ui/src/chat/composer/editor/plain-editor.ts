import { baseKeymap } from 'prosemirror-commands';
import { dropCursor } from 'prosemirror-dropcursor';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { Fragment, Slice } from 'prosemirror-model';
import { type Command, EditorState, Selection } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import {
  closeMention,
  insertMention,
  type MentionQuery,
  mentionedUserIDs,
  mentionQueryOf,
  mentionTrigger,
} from './mention';
import { keepPastedImage } from './pasted-images';
import { placeholder } from './placeholder';
import { type ComposedPart, docParts, docText, insertPlainText, type NodeJSON, textToDoc } from './plain-text';
import { composerSchema } from './schema';

export interface PlainEditorOptions {
  /** Starting content (a restored draft). */
  text?: string;
  placeholder: string;
  /** Attributes of the editable element (its role and label). */
  attributes: Record<string, string>;
  /** While this says so, a typed '@' starts a mention (see mentionQuery). */
  isMentionEnabled?(): boolean;
  /** Key, paste and drop handling of the composer, asked before the keymaps; true: handled. */
  handleKeyDown?(editor: PlainEditor, event: KeyboardEvent): boolean;
  handlePaste?(editor: PlainEditor, event: ClipboardEvent): boolean;
  /** `moved`: a drag inside the editor, of its own (already plain) content. */
  handleDrop?(editor: PlainEditor, event: DragEvent, moved: boolean): boolean;
  /** After every change of the text. */
  onChange?(text: string): void;
  /** After every transaction (text, caret or plugin state), e.g. to follow an '@' being typed. */
  onUpdate?(editor: PlainEditor): void;
}

const insertHardBreak: Command = (state, dispatch) => {
  dispatch?.(state.tr.replaceSelectionWith(composerSchema.nodes.hardBreak.create()).scrollIntoView());
  return true;
};

/** Editors whose element a test (or the devtools) holds: the element → its editor. */
const editors = new WeakMap<Element, PlainEditor>();

/** The editor mounted on this element, if any (the element is the one with role textbox). */
export function plainEditorOf(element: Element): PlainEditor | undefined {
  return editors.get(element);
}

/**
 * The composer's plain-text editor on ProseMirror: paragraphs, hard breaks, emoji and mentions,
 * undo/redo, a drop cursor and a placeholder. Copying gives the message text (emoji as their
 * tags, mentions as '@name'), so a paste into another composer is exact.
 */
export class PlainEditor {
  readonly view: EditorView;

  constructor(mount: HTMLElement, options: PlainEditorOptions) {
    const doc = options.text ? composerSchema.nodeFromJSON(textToDoc(options.text)) : undefined;
    this.view = new EditorView(mount, {
      state: EditorState.create({
        schema: composerSchema,
        doc,
        plugins: [
          ...(options.isMentionEnabled ? [mentionTrigger(options.isMentionEnabled)] : []),
          history(),
          keymap({
            'Mod-z': undo,
            'Shift-Mod-z': redo,
            'Mod-y': redo,
            'Shift-Enter': insertHardBreak,
            'Mod-Enter': insertHardBreak,
          }),
          keymap(baseKeymap),
          dropCursor({ color: '#1890ff', width: 2 }),
          placeholder(options.placeholder),
        ],
      }),
      attributes: options.attributes,
      handleKeyDown: (_view, event) => options.handleKeyDown?.(this, event) ?? false,
      handlePaste: (_view, event) => options.handlePaste?.(this, event) ?? false,
      handleDrop: (_view, event, _slice, moved) => options.handleDrop?.(this, event, moved) ?? false,
      clipboardTextSerializer: (slice) => docText(slice.content),
      dispatchTransaction: (tr) => {
        this.view.updateState(this.view.state.apply(tr));
        if (tr.docChanged) options.onChange?.(this.getText());
        options.onUpdate?.(this);
      },
    });
    editors.set(this.view.dom, this);
  }

  getText(): string {
    return docText(this.view.state.doc);
  }

  /** What Send sends, in the order composed: texts cut at the pasted pictures. */
  getParts(): ComposedPart[] {
    return docParts(this.view.state.doc);
  }

  /** Puts pasted pictures in at `at` (a drop's place) or the caret, caret after them. */
  insertImages(files: readonly File[], at?: number): void {
    const nodes = files.map((file) => composerSchema.nodes.image.create({ key: keepPastedImage(file) }));
    const fragment = Fragment.fromArray(nodes);
    const { tr } = this.view.state;
    if (at === undefined) tr.replaceSelection(new Slice(fragment, 0, 0));
    else tr.replaceRange(at, at, new Slice(fragment, 0, 0));
    this.view.dispatch(tr.scrollIntoView());
  }

  /** The user IDs the text's mentions name (still in it), each once. */
  getMentions(): string[] {
    return mentionedUserIDs(this.view.state.doc);
  }

  /** An input method is composing: its Enter picks a candidate and must never send. */
  get isComposing(): boolean {
    return this.view.composing;
  }

  /** Inserts pasted or dropped text as the plain characters it holds (insertPlainText); true if any. */
  insertText(text: string, at?: number): boolean {
    return insertPlainText(this.view, text, at);
  }

  /** The document position at a point of the screen (where something is dropped). */
  positionAt(left: number, top: number): number | undefined {
    return this.view.posAtCoords({ left, top })?.pos;
  }

  /** The '@' being typed, if any. */
  mentionQuery(): MentionQuery | null {
    return mentionQueryOf(this.view);
  }

  /** Stops following the '@' being typed (Escape); the text stays as typed. */
  closeMention(): void {
    closeMention(this.view);
  }

  /** Replaces the '@query' being typed by the mention of `userID` as '@label', and a space after it. */
  insertMention(mention: { userID: string; label: string }): void {
    insertMention(this.view, mention);
  }

  get isEmpty(): boolean {
    const { doc } = this.view.state;
    return doc.childCount === 1 && doc.firstChild?.content.size === 0;
  }

  /** Replaces everything with `text` (a re-edited message), caret at the end, as one undo step. */
  setText(text: string): void {
    const { state } = this.view;
    const content = composerSchema.nodeFromJSON(textToDoc(text)).content;
    const tr = state.tr.replaceWith(0, state.doc.content.size, content);
    this.view.dispatch(tr.setSelection(Selection.atEnd(tr.doc)).scrollIntoView());
  }

  clear(): void {
    this.setText('');
  }

  insertHardBreak(): void {
    insertHardBreak(this.view.state, this.view.dispatch);
  }

  insertNode(json: NodeJSON): void {
    const node = composerSchema.nodeFromJSON(json);
    this.view.dispatch(this.view.state.tr.replaceSelectionWith(node).scrollIntoView());
  }

  /** Focuses the editor with the caret at the end of its text. */
  focusEnd(): void {
    const { state } = this.view;
    this.view.dispatch(state.tr.setSelection(Selection.atEnd(state.doc)));
    this.view.focus();
  }

  destroy(): void {
    editors.delete(this.view.dom);
    this.view.destroy();
  }
}
