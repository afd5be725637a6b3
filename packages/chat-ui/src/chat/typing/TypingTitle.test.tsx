// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../../apps/server/src/integration/harness';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { Composer } from '../composer/Composer';
import { type PlainEditor, plainEditorOf } from '../composer/editor/plain-editor';
import { insertPlainText } from '../composer/editor/plain-text';
import { TypingTitle } from './TypingTitle';

let server: TestServer;
let tia: ChatSDK;
let tom: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  tia = await server.connect('typing-tia');
  tom = await server.connect('typing-tom');
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

/** Every typing change tom's SDK reports from tia, in order. */
function typingSeenByTom(): boolean[] {
  const seen: boolean[] = [];
  tom.on(tom.EVENT.TYPING_STATUS_CHANGED, (event) => {
    if (event.data.conversationID === 'C2Ctyping-tia') seen.push(event.data.isTyping);
  });
  return seen;
}

function editor(): PlainEditor {
  const found = plainEditorOf(screen.getByRole('textbox', { name: 'Message input' }));
  if (!found) throw new Error('no editor');
  return found;
}

describe('typing', () => {
  it('shows "the other party is typing…" in the header while the peer types, then the name again', async () => {
    renderInKit(tom, <h2>{<TypingTitle conversationID="C2Ctyping-tia" name="Tia" />}</h2>);
    expect(screen.getByRole('heading').textContent).toBe('Tia');
    await act(() => tia.enterTypingState({ conversationID: 'C2Ctyping-tom' }));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('The other party is typing…'));
    await act(() => tia.leaveTypingState({ conversationID: 'C2Ctyping-tom' }));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Tia'));
  });

  it('reads in the UI language', async () => {
    renderInKit(tom, <h2>{<TypingTitle conversationID="C2Ctyping-tia" name="Tia" />}</h2>, { language: 'zh-CN' });
    await act(() => tia.enterTypingState({ conversationID: 'C2Ctyping-tom' }));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('对方正在输入…'));
    await act(() => tia.leaveTypingState({ conversationID: 'C2Ctyping-tom' }));
  });

  it('tells the peer from the composer: typing while the editor has text and focus, not after the send', async () => {
    const seen = typingSeenByTom();
    renderInKit(tia, <Composer conversationID="C2Ctyping-tom" />);
    act(() => {
      const { view } = editor();
      view.focus();
      insertPlainText(view, 'on my way');
    });
    await until(() => seen.at(-1) === true, 5000, 'tom seeing tia type');
    act(() => {
      editor().clear();
    });
    await until(() => seen.at(-1) === false, 5000, 'tom seeing tia stop');
    expect(seen).toEqual([true, false]);
  });

  it('tells the peer typing stopped when the editor loses focus', async () => {
    const seen = typingSeenByTom();
    renderInKit(tia, <Composer conversationID="C2Ctyping-tom" />);
    act(() => {
      const { view } = editor();
      view.focus();
      insertPlainText(view, 'hmm');
    });
    await until(() => seen.at(-1) === true, 5000, 'tom seeing tia type');
    act(() => {
      (document.activeElement as HTMLElement | null)?.blur();
    });
    await until(() => seen.at(-1) === false, 5000, 'tom seeing tia stop');
  });
});
