import { ErrorCode, Limits, type MergedMessage, type WireMessage } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { MessageClient, PHOTO, storedFile } from '../../integration/message-client';
import { snapshot } from '../../integration/state-snapshot';

/**
 * Merged chat records (createMergerMessage): built by the server from messages the sender can
 * read, stored once, inline when small, downloaded by key when large, nested and forwarded.
 */
let server: LiaisonServer;
const clients: MessageClient[] = [];
let ann: MessageClient;
let ben: MessageClient;
let cat: MessageClient;
let dan: MessageClient;
let eve: MessageClient;

interface Merger {
  downloadKey: string;
  title: string;
  abstractList: string[];
  compatibleText: string;
  messageList: MergedMessage[];
}

beforeAll(async () => {
  server = await startServer();
  ann = await login('mg-ann');
  ben = await login('mg-ben');
  cat = await login('mg-cat');
  dan = await login('mg-dan');
  eve = await login('mg-eve');
  await ann.ok('updateMyProfile', { nick: 'Ann', avatar: '' });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await server?.close();
});

async function login(userID: string): Promise<MessageClient> {
  const client = await MessageClient.login(server, userID);
  clients.push(client);
  return client;
}

const header = {
  title: 'Chat history of Ann and Ben',
  abstractList: ['Ann: hi', 'Ben: hello'],
  compatibleText: 'Upgrade to view',
};
const refs = (conversationID: string, messages: WireMessage[]) => messages.map((m) => ({ conversationID, ID: m.ID }));

async function download(client: MessageClient, downloadKey: string) {
  return client.request('downloadMergerMessage', { downloadKey });
}

describe('merged chat records', () => {
  it('delivers a small record inline, built from the stored messages, and lets its readers download it', async () => {
    const hi = await ann.sent('mg-ben', 'TIMTextElem', { text: 'hi' }, { cloudCustomData: '{"k":1}' });
    const hello = await ben.sent('mg-ann', 'TIMTextElem', { text: 'hello' });
    const sent = await ann.sent('mg-cat', 'TIMRelayElem', { ...header, messageList: refs('C2Cmg-ben', [hi, hello]) });
    const got = await cat.received(sent.ID);
    const payload = got.payload as Merger;
    expect(payload).toMatchObject(header);
    expect(payload.downloadKey).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(payload.messageList).toEqual([
      {
        ID: hi.ID,
        from: 'mg-ann',
        nick: 'Ann',
        avatar: '',
        time: hi.time,
        cloudCustomData: '{"k":1}',
        messageBody: [{ type: 'TIMTextElem', payload: { text: 'hi' } }],
      },
      expect.objectContaining({
        ID: hello.ID,
        from: 'mg-ben',
        messageBody: [{ type: 'TIMTextElem', payload: { text: 'hello' } }],
      }),
    ]);
    expect((await download(cat, payload.downloadKey)).data).toEqual({ messageList: payload.messageList });
    expect((await download(ann, payload.downloadKey)).ok).toBe(true);
    // Ben is not in the conversation it was sent to: to him the record does not exist.
    expect((await download(ben, payload.downloadKey)).error?.code).toBe(ErrorCode.MERGER_NOT_FOUND);
    expect((await download(eve, 'no-such-record')).error?.code).toBe(ErrorCode.MERGER_NOT_FOUND);
    const [row] = await server.db.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM merged_records WHERE download_key = $1',
      [payload.downloadKey],
    );
    expect(Number(row?.n)).toBe(1);
  });

  it('delivers a large record by key only, and downloads all of it', async () => {
    const lines: WireMessage[] = [];
    for (let i = 0; i < 40; i++)
      lines.push(await ann.sent('mg-ben', 'TIMTextElem', { text: `line ${i} ${'x'.repeat(300)}` }));
    const sent = await ann.sent('mg-cat', 'TIMRelayElem', { ...header, messageList: refs('C2Cmg-ben', lines) });
    const payload = (await cat.received(sent.ID)).payload as Merger;
    expect(payload.messageList).toEqual([]);
    const { messageList } = (await download(cat, payload.downloadKey)).data as { messageList: MergedMessage[] };
    expect(messageList.map((m) => m.ID)).toEqual(lines.map((m) => m.ID));
    expect(Buffer.byteLength(JSON.stringify(messageList))).toBeGreaterThan(Limits.MERGER_INLINE_MAX_BYTES);
  });

  it('refuses messages the sender cannot read with 8003, and more than 300 with 60003, storing nothing', async () => {
    const tables = ['messages', 'conversations', 'user_conversations', 'file_grants', 'merged_records'];
    const theirs = await ben.sent('mg-dan', 'TIMTextElem', { text: 'between ben and dan' });
    await ben.ok('createGroup', { type: 'Public', name: 'closed', groupID: 'mg-closed' });
    const inGroup = await ben.sent('mg-closed', 'TIMTextElem', { text: 'members only' }, { conversationType: 'GROUP' });
    const mine = await ann.sent('mg-ben', 'TIMTextElem', { text: 'mine' });
    const before = await snapshot(server.db, tables);
    const attempts = [
      // Ann is not in Ben↔Dan: the same ID in her own chat with Ben does not exist.
      refs('C2Cmg-ben', [theirs]),
      refs('C2Cmg-dan', [theirs]),
      refs('GROUPmg-closed', [inGroup]),
      [...refs('C2Cmg-ben', [mine]), { conversationID: 'C2Cmg-ben', ID: 'no-such-message' }],
    ];
    for (const messageList of attempts) {
      expect((await ann.send('mg-cat', 'TIMRelayElem', { ...header, messageList })).error?.code).toBe(
        ErrorCode.MESSAGE_NOT_FOUND,
      );
    }
    const tooMany = Array.from({ length: 301 }, () => ({ conversationID: 'C2Cmg-ben', ID: mine.ID }));
    expect((await ann.send('mg-cat', 'TIMRelayElem', { ...header, messageList: tooMany })).error?.code).toBe(
      ErrorCode.INVALID_PARAMS,
    );
    expect((await ann.send('mg-cat', 'TIMRelayElem', { ...header, messageList: [] })).error?.code).toBe(
      ErrorCode.INVALID_PARAMS,
    );
    expect(await snapshot(server.db, tables)).toEqual(before);
  });

  it('refuses messages deleted from the sender’s view', async () => {
    const old = await ann.sent('mg-eve', 'TIMTextElem', { text: 'before delete' });
    await ann.ok('deleteConversation', { conversationIDList: ['C2Cmg-eve'], clearHistoryMessage: true });
    expect(
      (await ann.send('mg-cat', 'TIMRelayElem', { ...header, messageList: refs('C2Cmg-eve', [old]) })).error?.code,
    ).toBe(ErrorCode.MESSAGE_NOT_FOUND);
  });

  it('grants the files of merged messages, nests records, and forwards a record by key', async () => {
    const uuid = await storedFile(server.db, 'mg-ann', PHOTO);
    const photo = await ann.sent('mg-ben', 'TIMImageElem', { uuid });
    const words = await ben.sent('mg-ann', 'TIMTextElem', { text: 'nice' });
    const inner = await ann.sent('mg-cat', 'TIMRelayElem', {
      ...header,
      messageList: refs('C2Cmg-ben', [photo, words]),
    });
    const innerKey = (inner.payload as Merger).downloadKey;
    // Cat may now use the image (it was granted to Ann↔Cat with the record) but Dan may not yet.
    expect((await dan.send('mg-eve', 'TIMImageElem', { uuid })).error?.code).toBe(ErrorCode.FILE_NOT_FOUND);
    await cat.sent('mg-eve', 'TIMImageElem', { uuid });

    // Cat merges the record itself with a line of her own and sends it to Dan: a nested record.
    const note = await cat.sent('mg-ann', 'TIMTextElem', { text: 'see below' });
    const outer = await cat.sent('mg-dan', 'TIMRelayElem', {
      title: 'Forwarded',
      abstractList: [],
      compatibleText: 'Upgrade to view',
      messageList: refs('C2Cmg-ann', [note, inner]),
    });
    const outerPayload = (await dan.received(outer.ID)).payload as Merger;
    const nested = outerPayload.messageList[1]?.messageBody[0];
    expect(nested?.type).toBe('TIMRelayElem');
    expect(nested?.payload).toMatchObject({ downloadKey: innerKey, title: header.title, messageList: [] });
    const innerList = ((await download(dan, innerKey)).data as { messageList: MergedMessage[] }).messageList;
    expect(innerList.map((m) => m.messageBody[0]?.type)).toEqual(['TIMImageElem', 'TIMTextElem']);
    // The image inside the nested record was granted to Cat↔Dan too: Dan can pass it on.
    await dan.sent('mg-eve', 'TIMImageElem', { uuid });

    // Dan forwards the outer record by its key to Eve; Eve can open both levels.
    const forwarded = await dan.sent('mg-eve', 'TIMRelayElem', {
      downloadKey: outerPayload.downloadKey,
      title: 'Forwarded',
      abstractList: [],
      compatibleText: 'Upgrade to view',
    });
    const forwardedPayload = (await eve.received(forwarded.ID)).payload as Merger;
    expect(forwardedPayload.downloadKey).toBe(outerPayload.downloadKey);
    expect(forwardedPayload.messageList).toEqual(outerPayload.messageList);
    expect((await download(eve, innerKey)).ok).toBe(true);
    // Ben cannot forward a record he cannot read.
    expect(
      (
        await ben.send('mg-eve', 'TIMRelayElem', {
          downloadKey: outerPayload.downloadKey,
          title: 'x',
          abstractList: [],
          compatibleText: 'x',
        })
      ).error?.code,
    ).toBe(ErrorCode.MERGER_NOT_FOUND);
  });

  it('merges messages of every type from a group the sender is in', async () => {
    await ann.ok('createGroup', {
      type: 'Public',
      name: 'mixed',
      groupID: 'mg-mixed',
      memberList: [{ userID: 'mg-ben' }],
    });
    const uuid = await storedFile(server.db, 'mg-ben', { kind: 'file', fileName: 'a.pdf', size: 10 });
    const file = await ben.sent('mg-mixed', 'TIMFileElem', { uuid }, { conversationType: 'GROUP' });
    const custom = await ann.sent(
      'mg-mixed',
      'TIMCustomElem',
      { data: '{"businessID":"order"}', description: 'order', extension: '' },
      { conversationType: 'GROUP' },
    );
    const history = await ann.history('GROUPmg-mixed');
    const tip = history.find((m) => m.type === 'TIMGroupTipElem') as WireMessage;
    const sent = await ann.sent('mg-dan', 'TIMRelayElem', {
      ...header,
      messageList: refs('GROUPmg-mixed', [tip, file, custom]),
    });
    const list = ((await dan.received(sent.ID)).payload as Merger).messageList;
    expect(list.map((m) => m.messageBody[0]?.type)).toEqual(['TIMGroupTipElem', 'TIMFileElem', 'TIMCustomElem']);
    expect(list[1]?.messageBody[0]?.payload).toMatchObject({ uuid, fileName: 'a.pdf', fileUrl: `/im/files/${uuid}` });
    await dan.sent('mg-eve', 'TIMFileElem', { uuid });
  });
});
