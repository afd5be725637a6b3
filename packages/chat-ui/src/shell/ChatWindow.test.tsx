// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendText } from '../../../../apps/server/src/integration/harness';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ChatWindow } from './ChatWindow';

let server: TestServer;
let ann: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('ann');
  const ben = await server.connect('ben');
  await ben.updateMyProfile({ nick: 'Ben Li' });
  await sendText(ben, 'ann', 'hello ann');
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

describe('ChatWindow', () => {
  it('shows a placeholder when no conversation is open', () => {
    renderInKit(ann, <ChatWindow conversationID={null} onBack={() => undefined} />);
    expect(screen.getByText('Select a conversation to start chatting')).toBeTruthy();
  });

  it('shows the conversation name, its messages and the composer; on h5 a back button closes it', async () => {
    const onBack = vi.fn();
    renderInKit(ann, <ChatWindow conversationID="C2Cben" onBack={onBack} />, { isH5: true });
    const heading = await screen.findByRole('heading', { name: 'Ben Li' });
    // The name is isolated, so a right-to-left override in it cannot reorder the header.
    expect(heading.querySelector('bdi')?.textContent).toBe('Ben Li');
    expect(await screen.findByText('hello ann')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message input' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
