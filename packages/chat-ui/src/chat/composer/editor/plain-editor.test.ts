// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { PlainEditor, plainEditorOf } from './plain-editor';
import { docText, textToDoc } from './plain-text';
import { composerSchema } from './schema';

const mounted: PlainEditor[] = [];
afterEach(() => {
  for (const editor of mounted.splice(0)) editor.destroy();
  document.body.innerHTML = '';
});

function mount(text?: string): PlainEditor {
  const host = document.createElement('div');
  document.body.append(host);
  const editor = new PlainEditor(host, {
    text,
    placeholder: 'Say something',
    attributes: { role: 'textbox', 'aria-label': 'Message input' },
  });
  mounted.push(editor);
  return editor;
}

describe('the composer document', () => {
  it('gives back exactly the text it was made from: lines, emoji tags and markdown-looking characters', () => {
    for (const text of ['hello', 'a\nb\n\nc', 'hi [TUIEmoji_Smile] there', '*A1* **md** `code` ~~删~~', '  spaced  ']) {
      expect(docText(composerSchema.nodeFromJSON(textToDoc(text)))).toBe(text);
    }
  });

  it('keeps an unknown emoji-looking tag as plain text', () => {
    const doc = composerSchema.nodeFromJSON(textToDoc('[TUIEmoji_Nope]'));
    expect(doc.firstChild?.firstChild?.isText).toBe(true);
    expect(docText(doc)).toBe('[TUIEmoji_Nope]');
  });
});

describe('PlainEditor', () => {
  it('starts from a draft, and is found from its textbox element', () => {
    const editor = mount('draft [TUIEmoji_Ok]');
    expect(editor.getText()).toBe('draft [TUIEmoji_Ok]');
    const textbox = document.querySelector('[role="textbox"]');
    expect(textbox && plainEditorOf(textbox)).toBe(editor);
    expect(textbox?.querySelector('img.lc-emoji')?.getAttribute('alt')).toBe('[TUIEmoji_Ok]');
  });

  it('shows the placeholder only while empty', () => {
    const editor = mount();
    const paragraph = () => editor.view.dom.querySelector('p');
    expect(editor.isEmpty).toBe(true);
    expect(paragraph()?.getAttribute('data-placeholder')).toBe('Say something');
    editor.setText('x');
    expect(editor.isEmpty).toBe(false);
    expect(paragraph()?.hasAttribute('data-placeholder')).toBe(false);
  });

  it('replaces its text for a re-edit, breaks lines and inserts emoji at the caret, and clears', () => {
    const editor = mount('old');
    editor.setText('re-edited');
    editor.insertHardBreak();
    editor.insertNode({ type: 'emoji', attrs: { key: '[TUIEmoji_Smile]' } });
    expect(editor.getText()).toBe('re-edited\n[TUIEmoji_Smile]');
    editor.clear();
    expect(editor.isEmpty).toBe(true);
  });

  it('copies the message text, emoji as their tags', () => {
    const editor = mount('a [TUIEmoji_Ok]\nb');
    const { state } = editor.view;
    const serialize = editor.view.someProp('clipboardTextSerializer');
    expect(serialize?.(state.doc.slice(0, state.doc.content.size), editor.view)).toBe('a [TUIEmoji_Ok]\nb');
  });
});
