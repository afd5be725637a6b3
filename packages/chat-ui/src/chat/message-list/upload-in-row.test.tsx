// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { MessageList } from './MessageList';
import { getMessageStore } from './message-store';

let server: TestServer;
let ann: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('up-ann');
  await server.connect('up-ben');
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

/** A file that arrives slowly (16 KB every 20 ms), so the upload can be watched and cancelled. */
function trickle(size: number) {
  return {
    name: 'drawings.bin',
    size,
    type: 'application/octet-stream',
    stream(): ReadableStream<Uint8Array> {
      let sent = 0;
      return new ReadableStream({
        async pull(controller) {
          if (sent >= size) return controller.close();
          await new Promise((resolve) => setTimeout(resolve, 20));
          const length = Math.min(16 * 1024, size - sent);
          sent += length;
          controller.enqueue(new Uint8Array(length).fill(7));
        },
      });
    },
  };
}

describe('an upload in its bubble, against a real server', () => {
  it('shows the progress growing, cancels on request, and offers resend, which completes it', async () => {
    renderInKit(ann, <MessageList conversationID="C2Cup-ben" />);
    const message = ann.createFileMessage({
      to: 'up-ben',
      conversationType: 'C2C',
      payload: { file: trickle(1024 * 1024) },
    });
    const store = getMessageStore(ann, 'C2Cup-ben');
    let sending: Promise<unknown> = Promise.resolve();
    act(() => {
      sending = store.send(message);
    });
    await waitFor(
      () => expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(0),
      { timeout: 10_000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    await act(() => sending);
    expect(screen.queryByRole('progressbar')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Failed to send. Click to resend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(message.status).toBe('success'), { timeout: 30_000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Failed to send/ })).toBeNull());
    expect(screen.getByRole('button', { name: 'Download drawings.bin' })).toBeTruthy();
  }, 60_000);
});
