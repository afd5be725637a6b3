// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../../../../../apps/server/src/app';
import { connect, startServer } from '../../../../../apps/server/src/integration/harness';
import { Composer } from '../../chat/composer/Composer';
import { plainEditorOf } from '../../chat/composer/editor/plain-editor';
import { insertPlainText } from '../../chat/composer/editor/plain-text';
import { MessageList } from '../../chat/message-list/MessageList';
import { renderInKit } from '../../test-support/render-in-kit';
import { ToastHost } from './ToastHost';

/**
 * Sending from the kit while the server is down (issue 11): the message shows as sending, then,
 * after the SDK's send timeout (short here), as failed with the spec's resend confirmation and a
 * 'Network exception…' toast; when the server is back the SDK sends it again by itself and the row
 * turns sent, and the peer has it once.
 */
let dataDir: string;
let server: LiaisonServer | null = null;
let port = 0;
const chats: ChatSDK[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liaison-kit-offline-'));
  server = await startServer(undefined, { dataDir });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  cleanup();
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function user(userID: string): Promise<ChatSDK> {
  if (!server) throw new Error('the server is down');
  const chat = await connect(server, userID, { WebSocket, sendTimeout: 1_500 });
  chats.push(chat);
  return chat;
}

describe('sending while the server is down', () => {
  it('shows sending, then failed with the resend confirmation, a failed resend toasts again, then sent once the server is back', async () => {
    const ann = await user('off-ann');
    await user('off-ben');
    renderInKit(
      ann,
      <>
        <MessageList conversationID="C2Coff-ben" />
        <Composer conversationID="C2Coff-ben" />
        <ToastHost />
      </>,
    );
    const lost = new Promise<void>((resolve) => ann.on(ann.EVENT.NET_STATE_CHANGE, () => resolve()));
    await server?.close();
    server = null;
    await lost;

    act(() => {
      const editor = plainEditorOf(screen.getByRole('textbox', { name: 'Message input' }));
      editor?.view.focus();
      if (editor) insertPlainText(editor.view, 'sent into the void');
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message input' }), { key: 'Enter' });
    const row = () => screen.getByText('sent into the void').closest('.lc-row') as HTMLElement;
    await waitFor(() => expect(within(row()).getByRole('status', { name: 'Sending' })).toBeTruthy());
    const resend = await within(row()).findByRole(
      'button',
      { name: 'Failed to send. Click to resend' },
      { timeout: 10_000 },
    );
    expect(screen.getByRole('alert').textContent).toContain('Network exception, please check the network settings');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();

    // Resending while still offline fails again, and says so again.
    fireEvent.click(resend);
    expect(screen.getByRole('dialog').textContent).toContain('Confirm to resend the message?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(row()).getByRole('status', { name: 'Sending' })).toBeTruthy());
    const resendAgain = await within(row()).findByRole(
      'button',
      { name: 'Failed to send. Click to resend' },
      { timeout: 10_000 },
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Network exception');
    fireEvent.click(resendAgain);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    server = await startServer(undefined, { dataDir, port });
    // The SDK sends it again by itself once it is back (sending, then sent): no resend needed.
    await waitFor(
      () => {
        expect(within(row()).queryByRole('button', { name: /Failed to send/ })).toBeNull();
        expect(within(row()).queryByRole('status', { name: 'Sending' })).toBeNull();
      },
      { timeout: 30_000 },
    );
    const ben = await user('off-ben');
    const { data } = await ben.getMessageList({ conversationID: 'C2Coff-ann' });
    expect(
      data.messageList.filter((m) => m.type === 'TIMTextElem' && m.payload.text === 'sent into the void'),
    ).toHaveLength(1);
  });
});
