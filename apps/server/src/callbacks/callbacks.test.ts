import { createHash } from 'node:crypto';
import { ErrorCode } from '@liaison/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleValue, scrapeMetrics } from '../../../../tests/support/metrics';
import type { LiaisonServer } from '../app';
import {
  type Chat,
  connect,
  createGroupWith,
  errorCode,
  recordMessages,
  sendText,
  startServer,
  until,
} from '../integration/harness';
import { RestClient } from '../rest-api/test-client';
import { CallbackEndpoint } from './test-endpoint';

const TOKEN = 'callback-token';

const text = (Text: string) => ({ MsgType: 'TIMTextElem', MsgContent: { Text } });

async function callbackCount(server: LiaisonServer, command: string, outcome: string): Promise<number> {
  return sampleValue(
    await scrapeMetrics(server.url),
    `liaison_callbacks_total{command="${command}",outcome="${outcome}"}`,
  );
}

describe('message callbacks', () => {
  let endpoint: CallbackEndpoint;
  let server: LiaisonServer;
  let alice: Chat;
  let bob: Chat;

  beforeAll(async () => {
    endpoint = await CallbackEndpoint.start();
    server = await startServer(undefined, {
      callbacks: { url: endpoint.url, token: TOKEN, timeoutMs: 300 },
    });
    alice = await connect(server, 'cb-alice');
    bob = await connect(server, 'cb-bob');
  });
  afterAll(async () => {
    await Promise.all([alice.logout(), bob.logout()]);
    await server.close();
    await endpoint.close();
  });
  beforeEach(() => {
    endpoint.received.length = 0;
    endpoint.reply = () => ({});
  });

  it('posts C2C before and after callbacks with Tencent query, body and a signature the backend can check', async () => {
    const sent = await sendText(alice, 'cb-bob', 'hello backend');
    await until(() => endpoint.of('C2C.CallbackAfterSendMsg').length === 1, 5000, 'the after callback');
    const [before] = endpoint.of('C2C.CallbackBeforeSendMsg');
    const [after] = endpoint.of('C2C.CallbackAfterSendMsg');
    for (const callback of [before, after]) {
      expect(callback?.query.get('SdkAppid')).toBe(String(server.app.sdkAppID));
      expect(callback?.query.get('contenttype')).toBe('json');
      expect(callback?.query.get('OptPlatform')).toBe('Web');
      const requestTime = callback?.query.get('RequestTime') ?? '';
      expect(Math.abs(Number(requestTime) - Date.now() / 1000)).toBeLessThan(60);
      // Tencent's callback authentication: hex sha256 of the token followed by RequestTime.
      expect(callback?.query.get('Sign')).toBe(createHash('sha256').update(`${TOKEN}${requestTime}`).digest('hex'));
    }
    expect(before?.body).toMatchObject({
      CallbackCommand: 'C2C.CallbackBeforeSendMsg',
      From_Account: 'cb-alice',
      To_Account: 'cb-bob',
      MsgId: sent.ID,
      MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: 'hello backend' } }],
    });
    expect(after?.body).toMatchObject({
      CallbackCommand: 'C2C.CallbackAfterSendMsg',
      From_Account: 'cb-alice',
      To_Account: 'cb-bob',
      MsgSeq: sent.sequence,
      MsgRandom: sent.random,
      MsgTime: sent.time,
      MsgKey: `${sent.sequence}_${sent.random}_${sent.time}`,
      SendMsgResult: 0,
      MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: 'hello backend' } }],
    });
    // Only a one-to-one message's fields, and a result only once the message is sent.
    expect(Object.keys(after?.body ?? {})).not.toContain('GroupId');
    expect(Object.keys(before?.body ?? {})).not.toContain('SendMsgResult');
  });

  it('reports a REST API sendmsg as done by RESTAPI, and skips the callbacks its ForbidCallbackControl names', async () => {
    const admin = new RestClient(server);
    const body = { From_Account: 'cb-alice', To_Account: 'cb-bob', MsgBody: [text('from the backend')] };
    const sent = await admin.call('openim/sendmsg', { ...body, MsgRandom: 1 });
    expect(sent).toMatchObject({ ActionStatus: 'OK' });
    await until(() => endpoint.of('C2C.CallbackAfterSendMsg').length === 1, 5000, 'the after callback');
    for (const command of ['C2C.CallbackBeforeSendMsg', 'C2C.CallbackAfterSendMsg']) {
      expect(endpoint.of(command).map((callback) => callback.query.get('OptPlatform'))).toEqual(['RESTAPI']);
    }
    endpoint.received.length = 0;
    const quiet = await admin.call('openim/sendmsg', {
      ...body,
      MsgRandom: 2,
      ForbidCallbackControl: ['ForbidBeforeSendMsgCallback', 'ForbidAfterSendMsgCallback'],
    });
    expect(quiet).toMatchObject({ ActionStatus: 'OK' });
    // A later SDK send's after callback arrives; the forbidden ones never did.
    await sendText(alice, 'cb-bob', 'marker');
    await until(() => endpoint.of('C2C.CallbackAfterSendMsg').length === 1, 5000, 'the marker’s after callback');
    expect(endpoint.of('C2C.CallbackBeforeSendMsg').map((callback) => callback.query.get('OptPlatform'))).toEqual([
      'Web',
    ]);
    expect(endpoint.of('C2C.CallbackAfterSendMsg').map((callback) => callback.query.get('OptPlatform'))).toEqual([
      'Web',
    ]);
  });

  it('refuses a one-to-one message the backend refuses with 20006 and delivers nothing', async () => {
    endpoint.reply = () => ({ json: { ActionStatus: 'OK', ErrorCode: 1, ErrorInfo: '' } });
    const received = recordMessages(bob);
    expect(await errorCode(sendText(alice, 'cb-bob', 'refused'))).toBe(ErrorCode.C2C_CALLBACK_REFUSED);
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([]);
    expect(endpoint.of('C2C.CallbackAfterSendMsg')).toEqual([]);
  });

  it("passes the backend's own refusal code (120001-130000) to the sender", async () => {
    endpoint.reply = () => ({ json: { ActionStatus: 'FAIL', ErrorCode: 120123, ErrorInfo: 'no links please' } });
    const refusal = await sendText(alice, 'cb-bob', 'http://spam').catch(
      (err: { code: number; message: string }) => err,
    );
    expect(refusal).toMatchObject({ code: 120123, message: 'no links please' });
  });

  it('sends the text the backend puts in place of the original', async () => {
    endpoint.reply = (callback) =>
      callback.command === 'C2C.CallbackBeforeSendMsg'
        ? {
            json: {
              ActionStatus: 'OK',
              ErrorCode: 0,
              MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: 'hello ***' } }],
              CloudCustomData: 'checked',
            },
          }
        : {};
    const received = recordMessages(bob);
    await sendText(alice, 'cb-bob', 'hello darn');
    await until(() => received.length === 1, 5000, 'the rewritten message');
    expect(received[0]?.text).toBe('hello ***');
  });

  it('reads a replacement MsgBody as the REST API reads one, and keeps the original for one it cannot send', async () => {
    const rewrite = (MsgBody: unknown) => {
      endpoint.reply = (callback) =>
        callback.command === 'C2C.CallbackBeforeSendMsg' ? { json: { ActionStatus: 'OK', ErrorCode: 0, MsgBody } } : {};
    };
    rewrite([{ MsgType: 'TIMCustomElem', MsgContent: { Data: 'order:42', Desc: 'an order' } }]);
    const custom = await sendText(alice, 'cb-bob', 'see order 42');
    expect(custom).toMatchObject({
      type: 'TIMCustomElem',
      payload: { data: 'order:42', description: 'an order', extension: '' },
    });

    const invalid = await callbackCount(server, 'C2C.CallbackBeforeSendMsg', 'invalid');
    for (const body of [[text('one'), text('two')], [{ MsgType: 'TIMNoSuchElem', MsgContent: {} }], 'hello']) {
      rewrite(body);
      const sent = await sendText(alice, 'cb-bob', 'kept as written');
      expect(sent).toMatchObject({ type: 'TIMTextElem', payload: { text: 'kept as written' } });
    }
    expect(await callbackCount(server, 'C2C.CallbackBeforeSendMsg', 'invalid')).toBe(invalid + 3);
  });

  it('lets a send through when the backend does not answer in time, and counts it', async () => {
    const timeouts = await callbackCount(server, 'C2C.CallbackBeforeSendMsg', 'timeout');
    endpoint.reply = (callback) => (callback.command === 'C2C.CallbackBeforeSendMsg' ? { delayMs: 1000 } : {});
    const started = Date.now();
    const sent = await sendText(alice, 'cb-bob', 'slow backend');
    expect(sent.payload).toEqual({ text: 'slow backend' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await callbackCount(server, 'C2C.CallbackBeforeSendMsg', 'timeout')).toBe(timeouts + 1);
  });

  it('asks about group messages with Group callbacks and refuses with 10016', async () => {
    await createGroupWith(alice, 'cb-group', ['cb-bob']);
    await sendText(alice, 'cb-group', 'to the group', 'GROUP');
    await until(() => endpoint.of('Group.CallbackAfterSendMsg').length === 1, 5000, 'the group after callback');
    expect(endpoint.of('Group.CallbackBeforeSendMsg')[0]?.body).toMatchObject({
      GroupId: 'cb-group',
      Type: 'Private',
      From_Account: 'cb-alice',
      MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: 'to the group' } }],
    });
    const after = endpoint.of('Group.CallbackAfterSendMsg')[0]?.body ?? {};
    expect(after).toMatchObject({
      GroupId: 'cb-group',
      Type: 'Private',
      From_Account: 'cb-alice',
      Operator_Account: 'cb-alice',
      SendMsgResult: 0,
      EventTime: expect.any(Number),
      MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: 'to the group' } }],
    });
    expect(after.MsgSeq).toBeGreaterThan(0);
    expect(Object.keys(after)).not.toContain('To_Account');
    endpoint.reply = () => ({ json: { ActionStatus: 'OK', ErrorCode: 1, ErrorInfo: 'closed' } });
    expect(await errorCode(sendText(alice, 'cb-group', 'refused', 'GROUP'))).toBe(ErrorCode.GROUP_CALLBACK_REFUSED);
  });

  it('asks about a REST API send_group_msg as done by RESTAPI: a refusal is 10016, ForbidBeforeSendMsgCallback skips it', async () => {
    await createGroupWith(alice, 'cb-rest-group', ['cb-bob']);
    endpoint.received.length = 0;
    endpoint.reply = () => ({ json: { ActionStatus: 'OK', ErrorCode: 1, ErrorInfo: 'closed' } });
    const admin = new RestClient(server);
    const body = { GroupId: 'cb-rest-group', From_Account: 'cb-alice', Random: 1, MsgBody: [text('from the backend')] };
    expect(await admin.call('group_open_http_svc/send_group_msg', body)).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: ErrorCode.GROUP_CALLBACK_REFUSED,
    });
    expect(endpoint.of('Group.CallbackBeforeSendMsg').map((callback) => callback.query.get('OptPlatform'))).toEqual([
      'RESTAPI',
    ]);
    const skipped = await admin.call('group_open_http_svc/send_group_msg', {
      ...body,
      ForbidCallbackControl: ['ForbidBeforeSendMsgCallback'],
    });
    expect(skipped).toMatchObject({ ActionStatus: 'OK' });
    expect(endpoint.of('Group.CallbackBeforeSendMsg')).toHaveLength(1);
  });
});

describe('after callbacks to an endpoint that is down', () => {
  it('are retried a bounded number of times, then dropped and counted, while sends go on', async () => {
    const endpoint = await CallbackEndpoint.start();
    const url = endpoint.url;
    await endpoint.close();
    const server = await startServer(undefined, {
      callbacks: { url, commands: new Set(['C2C.CallbackAfterSendMsg']), attempts: 3, retryDelayMs: 10 },
    });
    const [alice, bob] = [await connect(server, 'down-alice'), await connect(server, 'down-bob')];
    try {
      const dropped = await callbackCount(server, 'C2C.CallbackAfterSendMsg', 'dropped');
      const retried = await callbackCount(server, 'C2C.CallbackAfterSendMsg', 'retried');
      const received = recordMessages(bob);
      await sendText(alice, 'down-bob', 'one');
      await sendText(alice, 'down-bob', 'two');
      await until(() => received.length === 2, 5000, 'both messages');
      const deadline = Date.now() + 5000;
      while ((await callbackCount(server, 'C2C.CallbackAfterSendMsg', 'dropped')) < dropped + 2) {
        if (Date.now() > deadline) throw new Error('timed out waiting for both callbacks to be dropped');
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await callbackCount(server, 'C2C.CallbackAfterSendMsg', 'retried')).toBe(retried + 4);
    } finally {
      await Promise.all([alice.logout(), bob.logout()]);
      await server.close();
    }
  });
});
