// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendText, until } from '../../../../../apps/server/src/integration/harness';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { type MessageRendererProps, messageRenderers, TextMessage } from '../message/renderers';
import { MessageList } from './MessageList';

let server: TestServer;
let ann: ChatSDK;
let ben: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('ann');
  ben = await server.connect('ben');
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

describe('MessageList', () => {
  it('does not re-render existing rows when another message arrives, and marks the conversation read', async () => {
    await sendText(ben, 'ann', 'first');
    await sendText(ben, 'ann', 'second');
    const renders = new Map<string, number>();
    function CountingText(props: MessageRendererProps) {
      const text = props.message.type === 'TIMTextElem' ? props.message.payload.text : '';
      renders.set(text, (renders.get(text) ?? 0) + 1);
      return <TextMessage {...props} />;
    }
    renderInKit(
      ann,
      <MessageList conversationID="C2Cben" renderers={{ ...messageRenderers, TIMTextElem: CountingText }} />,
    );
    await screen.findByText('second');
    const before = { first: renders.get('first'), second: renders.get('second') };

    await act(() => sendText(ben, 'ann', 'third'));
    await screen.findByText('third');
    expect({ first: renders.get('first'), second: renders.get('second') }).toEqual(before);
    expect(renders.get('third')).toBe(1);
    await until(() => ann.conversationStore.get('C2Cben')?.unreadCount === 0, 5000, 'read');
  });

  it('offers "View more" until the older history is loaded, keeping the rows already shown', async () => {
    const dora = await server.connect('dora');
    for (let i = 1; i <= 17; i++) await sendText(ben, 'dora', `old ${i}`);
    renderInKit(dora, <MessageList conversationID="C2Cben" />);
    await screen.findByText('old 17');
    expect(screen.queryByText('old 2')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View more' }));
    await screen.findByText('old 1');
    expect(screen.getByText('old 17')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'View more' })).toBeNull());
  });

  it('asks to confirm before resending a failed message', async () => {
    // Messages to an unknown user fail on the server (20003).
    const failing = ann.createTextMessage({ to: 'nobody-here', conversationType: 'C2C', payload: { text: 'lost' } });
    const { getMessageStore } = await import('./message-store');
    renderInKit(ann, <MessageList conversationID="C2Cnobody-here" />);
    await act(() => getMessageStore(ann, 'C2Cnobody-here').send(failing));
    fireEvent.click(await screen.findByRole('button', { name: 'Failed to send. Click to resend' }));
    expect(screen.getByRole('dialog').textContent).toContain('Confirm to resend the message?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
