// @vitest-environment node
import { type ChatSDK, type Message, TYPES } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendText, until } from '../../../../../apps/server/src/integration/harness';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { forwardMessages } from './forward-messages';

let server: TestServer;
let ann: ChatSDK;
let ben: ChatSDK;
let cal: ChatSDK;
const calGot: Message[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [ann, ben, cal] = (await Promise.all(['fm-ann', 'fm-ben', 'fm-cal'].map((id) => server.connect(id)))) as [
    ChatSDK,
    ChatSDK,
    ChatSDK,
  ];
  cal.on(cal.EVENT.MESSAGE_RECEIVED, (event) => calGot.push(...event.data));
});
afterAll(async () => {
  await server.close();
});

const texts = (list: Message[]) => list.flatMap((m) => (m.type === TYPES.MSG_TEXT ? [m.payload.text] : []));

describe('forwardMessages', () => {
  it('sends one by one in time order, whatever order they were picked in', async () => {
    const first = await sendText(ben, 'fm-ann', 'one');
    const second = await sendText(ben, 'fm-ann', 'two');
    const third = await sendText(ben, 'fm-ann', 'three');
    const failure = await forwardMessages(ann, { messages: [third, first, second], targets: ['C2Cfm-cal'] });
    expect(failure).toBeNull();
    await until(() => texts(calGot).length >= 3, 5000, 'three copies');
    expect(texts(calGot).slice(-3)).toEqual(['one', 'two', 'three']);
  });

  it('keeps going after a conversation refuses, and answers with the first failure only', async () => {
    const message = await sendText(ben, 'fm-ann', 'to everyone');
    const failure = await forwardMessages(ann, {
      messages: [message, message],
      targets: ['C2Cfm-nobody-at-all', 'C2Cfm-cal'],
    });
    expect(failure).toMatchObject({ code: 20003 });
    await until(() => texts(calGot).filter((text) => text === 'to everyone').length === 2, 5000, 'copies to cal');
  });
});
