// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK, Message } from '@liaison/sdk';
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent } from '../../../../../apps/server/src/integration/harness';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import type { MessageOf } from '../message/message-of';
import { messageRenderers, RenderersContext } from '../message/renderers';
import { MergerViewer } from './MergerViewer';

let server: TestServer;
let ann: ChatSDK;
let ben: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('mv-ann');
  ben = await server.connect('mv-ben');
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

function show(record: MessageOf<'TIMRelayElem'>) {
  return renderInKit(
    ben,
    <RenderersContext.Provider value={messageRenderers}>
      <MergerViewer root={record} onClose={() => {}} />
    </RenderersContext.Provider>,
  );
}

describe('MergerViewer against a real server', () => {
  it('loads a large record by its downloadKey and shows its messages', async () => {
    const c2c = { to: 'mv-ben', conversationType: 'C2C' as const };
    const sent: Message[] = [];
    // Over 8 KB of messages: the record travels without its messages, to be fetched by key.
    for (let i = 1; i <= 5; i++) {
      const text = ann.createTextMessage({ ...c2c, payload: { text: `第${i}段 ${'规格说明'.repeat(200)}` } });
      sent.push((await ann.sendMessage(text)).data.message);
    }
    const arrives = nextEvent<Message[]>(ben, ben.EVENT.MESSAGE_RECEIVED, (list) =>
      list.some((m) => m.type === 'TIMRelayElem'),
    );
    await ann.sendMessage(
      ann.createMergerMessage({
        ...c2c,
        payload: {
          messageList: sent,
          title: '规格说明记录',
          abstractList: ['mv-ann: 第1段'],
          compatibleText: '[聊天记录]',
        },
      }),
    );
    const record = (await arrives).find((m) => m.type === 'TIMRelayElem') as MessageOf<'TIMRelayElem'>;
    expect(record.payload.messageList).toEqual([]);

    show(record);
    const viewer = screen.getByRole('dialog', { name: '规格说明记录' });
    expect(within(viewer).getByRole('status').textContent).toBe('Loading…');
    expect(await within(viewer).findByText(/^第5段/)).toBeTruthy();
    expect(within(viewer).getAllByText(/^第\d段/)).toHaveLength(5);
  });

  it('says "Load Merge Message Error" when the record cannot be loaded', async () => {
    const missing = {
      type: 'TIMRelayElem',
      payload: {
        downloadKey: 'no-such-record-key-000000',
        title: '丢失的记录',
        abstractList: [],
        compatibleText: '',
        messageList: [],
      },
    } as unknown as MessageOf<'TIMRelayElem'>;
    show(missing);
    expect((await screen.findByRole('alert')).textContent).toBe('Load Merge Message Error');
  });
});
