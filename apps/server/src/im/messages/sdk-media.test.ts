import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, Limits } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { loggedIn } from '../../files/test-uploads';
import {
  type Chat,
  connect,
  errorCode,
  nextEvent,
  type RawClient,
  startServer,
  until,
} from '../../integration/harness';
import { mp4, png, wav } from '../../integration/media-samples';

/**
 * Every message type through the SDK against a real server: uploads with progress, the shapes the
 * reference SDK documents, file URLs a member can load and a stranger cannot, forward and merger.
 */

const { EVENT, TYPES } = LiaisonChat;

let server: LiaisonServer;
let dir: string;
const chats: Chat[] = [];
let stranger: RawClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liaison-sdk-media-'));
  server = await startServer(undefined, { files: { dir } });
  stranger = await loggedIn(server, 'sm-stranger');
});

afterAll(async () => {
  stranger?.close();
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function user(userID: string): Promise<Chat> {
  const chat = await connect(server, userID);
  chats.push(chat);
  return chat;
}

/** Resolves with the next received message of `type` (any conversation). */
function nextMessage(chat: Chat, type: Message['type']): Promise<Message> {
  return nextEvent<Message[]>(chat, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.type === type)).then(
    (list) => list.find((m) => m.type === type) as Message,
  );
}

/** A stream-like source that trickles `size` bytes, for cancelling mid-upload. */
function trickle(size: number, chunk = 16 * 1024, delayMs = 20) {
  return {
    name: 'slow.bin',
    size,
    type: 'application/octet-stream',
    stream(): ReadableStream<Uint8Array> {
      let sent = 0;
      return new ReadableStream({
        async pull(controller) {
          if (sent >= size) {
            controller.close();
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          const length = Math.min(chunk, size - sent);
          sent += length;
          controller.enqueue(new Uint8Array(length).fill(7));
        },
      });
    },
  };
}

function expectFileURL(url: string) {
  expect(url).toMatch(new RegExp(`^${server.url.replace(/^ws/, 'http')}/im/files/[A-Za-z0-9_-]+(/\\w+)?\\?token=`));
}

async function fetchStatus(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

async function strangerToken(): Promise<string> {
  const answer = await stranger.request('getFileAccessToken', {});
  return (answer.data as { token: string }).token;
}

describe('an image', () => {
  it('uploads with progress reaching exactly 1 and arrives with three sizes the receiver can load', async () => {
    const alice = await user('sm-alice');
    const bob = await user('sm-bob');
    const progress: number[] = [];
    const message = alice.createImageMessage({
      to: 'sm-bob',
      conversationType: TYPES.CONV_C2C,
      payload: { file: await png(1200, 800) },
      onProgress: (value) => progress.push(value),
    });
    expect(message).toMatchObject({ type: TYPES.MSG_IMAGE, status: 'unSend', progress: 0 });
    const received = nextMessage(bob, TYPES.MSG_IMAGE);
    const { message: sent } = (await alice.sendMessage(message)).data;
    expect(sent).toBe(message);
    expect(sent).toMatchObject({ status: 'success', progress: 1 });
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const got = await received;
    if (got.type !== TYPES.MSG_IMAGE) throw new Error('not an image');
    expect(got.payload.imageFormat).toBe(TYPES.IMG_FORMAT_PNG);
    expect(got.payload.imageInfoArray.map((info) => [info.type, info.width, info.height])).toEqual([
      [TYPES.IMG_TYPE_ORIGINAL, 1200, 800],
      [TYPES.IMG_TYPE_LARGE, 720, 480],
      [TYPES.IMG_TYPE_SMALL, 198, 132],
    ]);
    for (const info of got.payload.imageInfoArray) {
      expectFileURL(info.url);
      expect(await fetchStatus(info.url)).toBe(200);
    }
    // The sender's own copy has the server's URLs too.
    if (sent.type !== TYPES.MSG_IMAGE) throw new Error('not an image');
    expectFileURL(sent.payload.imageInfoArray[0]?.url ?? '');

    // Someone outside the conversation cannot fetch it with their own token.
    const original = got.payload.imageInfoArray[0]?.url ?? '';
    const theirs = original.replace(/token=.*$/, `token=${encodeURIComponent(await strangerToken())}`);
    expect(await fetchStatus(theirs)).toBeGreaterThanOrEqual(400);
    expect(await fetchStatus(original.replace(/\?token=.*$/, ''))).toBeGreaterThanOrEqual(400);
  });
});

describe('several at once and across a reconnect', () => {
  it('uploads several images sent together; each arrives, each sent as its own upload completes', async () => {
    const ivy = await user('sm-ivy');
    const jon = await user('sm-jon');
    const got: Message[] = [];
    jon.on(EVENT.MESSAGE_RECEIVED, (event) => got.push(...event.data));
    const sizes = [
      [300, 200],
      [40, 30],
      [120, 90],
    ] as const;
    const messages = await Promise.all(
      sizes.map(async ([width, height]) =>
        ivy.createImageMessage({
          to: 'sm-jon',
          conversationType: TYPES.CONV_C2C,
          payload: { file: await png(width, height) },
        }),
      ),
    );
    await Promise.all(messages.map((message) => ivy.sendMessage(message)));
    expect(messages.map((m) => [m.status, m.progress])).toEqual(sizes.map(() => ['success', 1]));
    await until(() => got.length === 3, 10_000, 'three images');
    const widths = got.map((m) => (m.type === TYPES.MSG_IMAGE ? m.payload.imageInfoArray[0]?.width : 0));
    expect([...widths].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([40, 120, 300]);
  });

  it('keeps file URLs loading after a reconnect, for messages from before and after it', async () => {
    const kim = await user('sm-kim');
    const lea = await user('sm-lea');
    const first = nextMessage(lea, TYPES.MSG_FILE);
    const file = (name: string) =>
      kim.createFileMessage({
        to: 'sm-lea',
        conversationType: TYPES.CONV_C2C,
        payload: { file: new File([name], name, { type: 'text/plain' }) },
      });
    await kim.sendMessage(file('before.txt'));
    const before = await first;
    const reconnected = nextEvent<{ state: string }>(lea, EVENT.NET_STATE_CHANGE, (d) => d.state === 'connected');
    server.gateway.dropConnections('sm-lea');
    await reconnected;
    const second = nextMessage(lea, TYPES.MSG_FILE);
    await kim.sendMessage(file('after.txt'));
    const after = await second;
    for (const message of [before, after]) {
      if (message.type !== TYPES.MSG_FILE) throw new Error('not a file');
      expect(await (await fetch(message.payload.fileUrl)).text()).toBe(message.payload.fileName);
    }
  });
});

describe('every type in a group', () => {
  it('arrives at another member with the reference payload shapes', async () => {
    const owner = await user('sm-owner');
    const member = await user('sm-member');
    await owner.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Media',
      groupID: 'sm-media',
      memberList: [{ userID: 'sm-member' }],
    });
    const to = { to: 'sm-media', conversationType: TYPES.CONV_GROUP };
    const got: Message[] = [];
    member.on(EVENT.MESSAGE_RECEIVED, (event) => got.push(...event.data));

    const audioProgress: number[] = [];
    const messages = [
      owner.createAudioMessage({
        ...to,
        payload: { file: wav(2), second: 2 },
        onProgress: (p) => audioProgress.push(p),
      }),
      owner.createVideoMessage({ ...to, payload: { file: mp4(), snapshot: await png(320, 180), videoSecond: 3 } }),
      owner.createFileMessage({
        ...to,
        payload: { file: new File(['quarterly numbers\n'], 'report.txt', { type: 'text/plain' }) },
      }),
      owner.createLocationMessage({ ...to, payload: { description: 'Pier 7', longitude: 113.94, latitude: 22.54 } }),
      owner.createFaceMessage({ ...to, payload: { index: 2, data: 'yz00@2x' } }),
      owner.createCustomMessage({
        ...to,
        payload: { data: '{"businessID":"order"}', description: 'order', extension: 'x' },
      }),
    ];
    for (const message of messages) await owner.sendMessage(message);
    expect(audioProgress.at(-1)).toBe(1);
    await until(() => got.length >= messages.length, 10_000, 'every type arrives');
    const byType = new Map(got.map((m) => [m.type, m]));

    const audio = byType.get(TYPES.MSG_AUDIO);
    if (audio?.type !== TYPES.MSG_AUDIO) throw new Error('no audio');
    expect(audio.payload).toMatchObject({ second: 2, size: 44 + 16000, downloadFlag: 2 });
    expectFileURL(audio.payload.url);
    expect(audio.payload.remoteAudioUrl).toBe(audio.payload.url);
    expect(await fetchStatus(audio.payload.url)).toBe(200);

    const video = byType.get(TYPES.MSG_VIDEO);
    if (video?.type !== TYPES.MSG_VIDEO) throw new Error('no video');
    expect(video.payload).toMatchObject({
      videoSecond: 3,
      videoFormat: 'mp4',
      snapshotWidth: 320,
      snapshotHeight: 180,
    });
    for (const url of [video.payload.videoUrl, video.payload.snapshotUrl, video.payload.thumbUrl]) {
      expectFileURL(url);
      expect(await fetchStatus(url)).toBe(200);
    }

    const file = byType.get(TYPES.MSG_FILE);
    if (file?.type !== TYPES.MSG_FILE) throw new Error('no file');
    expect(file.payload).toMatchObject({ fileName: 'report.txt', fileSize: 18 });
    expect(await (await fetch(file.payload.fileUrl)).text()).toBe('quarterly numbers\n');

    expect(byType.get(TYPES.MSG_LOCATION)?.payload).toEqual({
      description: 'Pier 7',
      longitude: 113.94,
      latitude: 22.54,
    });
    expect(byType.get(TYPES.MSG_FACE)?.payload).toEqual({ index: 2, data: 'yz00@2x' });
    expect(byType.get(TYPES.MSG_CUSTOM)?.payload).toEqual({
      data: '{"businessID":"order"}',
      description: 'order',
      extension: 'x',
    });
    // History gives the same shapes with loadable URLs.
    const history = (await member.getMessageList({ conversationID: 'GROUPsm-media' })).data.messageList;
    const fromHistory = history.find((m) => m.type === TYPES.MSG_FILE);
    if (fromHistory?.type !== TYPES.MSG_FILE) throw new Error('no file in history');
    expect(await fetchStatus(fromHistory.payload.fileUrl)).toBe(200);
  });
});

describe('forward and merger', () => {
  it('forwards an image without uploading it again, and the new conversation can load it', async () => {
    const ann = await user('sm-ann');
    const ben = await user('sm-ben');
    const cat = await user('sm-cat');
    const received = nextMessage(ben, TYPES.MSG_IMAGE);
    await ann.sendMessage(
      ann.createImageMessage({ to: 'sm-ben', conversationType: TYPES.CONV_C2C, payload: { file: await png(50, 40) } }),
    );
    const original = await received;
    const forwarded = nextMessage(cat, TYPES.MSG_IMAGE);
    const copy = ben.createForwardMessage({ to: 'sm-cat', conversationType: TYPES.CONV_C2C, payload: original });
    expect(copy.type).toBe(TYPES.MSG_IMAGE);
    await ben.sendMessage(copy);
    const got = await forwarded;
    if (got.type !== TYPES.MSG_IMAGE || original.type !== TYPES.MSG_IMAGE) throw new Error('not an image');
    expect(got.payload.uuid).toBe(original.payload.uuid);
    expect(await fetchStatus(got.payload.imageInfoArray[2]?.url ?? '')).toBe(200);
  });

  it('sends a merged record the receiver opens, with loadable files inside, nested records too', async () => {
    const dan = await user('sm-dan');
    const eve = await user('sm-eve');
    const text = dan.createTextMessage({
      to: 'sm-eve',
      conversationType: TYPES.CONV_C2C,
      payload: { text: 'see this' },
    });
    await dan.sendMessage(text);
    const image = dan.createImageMessage({
      to: 'sm-eve',
      conversationType: TYPES.CONV_C2C,
      payload: { file: await png(64, 64) },
    });
    await dan.sendMessage(image);

    const received = nextMessage(eve, TYPES.MSG_MERGER);
    const merger = dan.createMergerMessage({
      to: 'sm-eve',
      conversationType: TYPES.CONV_C2C,
      payload: {
        messageList: [text, image],
        title: 'Chat history of dan and eve',
        abstractList: ['dan: see this', 'dan: [图片]'],
        compatibleText: 'Upgrade to see merged messages',
      },
    });
    await dan.sendMessage(merger);
    const record = await received;
    if (record.type !== TYPES.MSG_MERGER) throw new Error('not a merger');
    expect(record.payload).toMatchObject({
      title: 'Chat history of dan and eve',
      abstractList: ['dan: see this', 'dan: [图片]'],
    });
    const opened = (await eve.downloadMergerMessage(record)).data;
    const list = opened.payload.messageList;
    expect(list.map((m) => m.messageBody[0]?.type)).toEqual([TYPES.MSG_TEXT, TYPES.MSG_IMAGE]);
    const inner = list[1]?.messageBody[0];
    if (inner?.type !== TYPES.MSG_IMAGE) throw new Error('no image inside');
    expectFileURL(inner.payload.imageInfoArray[0]?.url ?? '');
    expect(await fetchStatus(inner.payload.imageInfoArray[0]?.url ?? '')).toBe(200);

    // Eve merges the record into another one for dan: the nested record opens by its key.
    const nestedArrives = nextMessage(dan, TYPES.MSG_MERGER);
    await eve.sendMessage(
      eve.createMergerMessage({
        to: 'sm-dan',
        conversationType: TYPES.CONV_C2C,
        payload: { messageList: [record], title: 'Forwarded history', abstractList: [], compatibleText: 'merged' },
      }),
    );
    const outer = await nestedArrives;
    if (outer.type !== TYPES.MSG_MERGER) throw new Error('not a merger');
    const outerList = (await dan.downloadMergerMessage(outer)).data.payload.messageList;
    const nested = outerList[0]?.messageBody[0];
    if (nested?.type !== TYPES.MSG_MERGER) throw new Error('no nested record');
    const nestedList = (await dan.downloadMergerMessage(nested)).data.payload.messageList;
    expect(nestedList.map((m) => m.messageBody[0]?.type)).toEqual([TYPES.MSG_TEXT, TYPES.MSG_IMAGE]);
    // Tencent declares create*Message's options (no type) and reads payload.downloadKey alone.
    const declared = {
      to: 'sm-eve',
      conversationType: TYPES.CONV_C2C,
      payload: { ...nested.payload, messageList: [] },
    };
    expect((await dan.downloadMergerMessage(declared)).data.payload.messageList).toHaveLength(2);
  });
});

describe('refusals and cancel', () => {
  it('refuses locally, before any upload: empty 7004, over 100 MB 7005, a non-image 4004, over 12 KB 8001', async () => {
    const fay = await user('sm-fay');
    const to = { to: 'sm-fay', conversationType: TYPES.CONV_C2C } as const;
    const empty = fay.createFileMessage({ ...to, payload: { file: new File([], 'empty.txt') } });
    expect(await errorCode(fay.sendMessage(empty))).toBe(ErrorCode.FILE_NOT_FOUND);
    expect(empty.status).toBe('fail');
    const huge = fay.createFileMessage({ ...to, payload: { file: trickle(Limits.FILE_MAX_BYTES + 1) } });
    expect(await errorCode(fay.sendMessage(huge))).toBe(ErrorCode.FILE_TOO_LARGE);
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0])], 'setup.exe', { type: 'application/x-msdownload' });
    expect(await errorCode(fay.sendMessage(fay.createImageMessage({ ...to, payload: { file: exe } })))).toBe(
      ErrorCode.IMAGE_INVALID_FORMAT,
    );
    const long = fay.createImageMessage({
      ...to,
      payload: { file: await png(8, 8) },
      cloudCustomData: 'x'.repeat(13_000),
    });
    expect(await errorCode(fay.sendMessage(long))).toBe(ErrorCode.MESSAGE_TOO_LONG);
    expect(long.progress).toBe(0);
  });

  it('passes on the server refusals by content: text renamed .png 4004, an .exe renamed .png 4005', async () => {
    const gus = await user('sm-gus');
    const to = { to: 'sm-gus', conversationType: TYPES.CONV_C2C } as const;
    const notImage = new File(['just some words, not pixels'], 'cat.png', { type: 'image/png' });
    const message = gus.createImageMessage({ ...to, payload: { file: notImage } });
    expect(await errorCode(gus.sendMessage(message))).toBe(ErrorCode.IMAGE_INVALID_FORMAT);
    expect(message.status).toBe('fail');
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], 'dog.png', { type: 'image/png' });
    expect(await errorCode(gus.sendMessage(gus.createImageMessage({ ...to, payload: { file: exe } })))).toBe(
      ErrorCode.FILE_BANNED,
    );
  });

  it('cancels an upload in progress with 2803, and the same message can be sent again', async () => {
    const hal = await user('sm-hal');
    const progress: number[] = [];
    const message = hal.createFileMessage({
      to: 'sm-hal',
      conversationType: TYPES.CONV_C2C,
      payload: { file: trickle(512 * 1024) },
      onProgress: (value) => progress.push(value),
    });
    const sending = hal.sendMessage(message);
    await until(() => progress.length > 0, 10_000, 'the upload starts');
    const { isCancelled } = (await hal.cancelUploadMessage(message)).data;
    expect(isCancelled).toBe(true);
    expect(await errorCode(sending)).toBe(ErrorCode.UPLOAD_CANCELLED);
    expect(message.status).toBe('fail');

    await hal.sendMessage(message);
    expect(message).toMatchObject({ status: 'success', progress: 1 });
    expect(progress.at(-1)).toBe(1);
  });
});
