import type { WireMessage } from '@liaison/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestFunction } from './core/requests';
import { FileAccess, fileOrigin } from './file-urls';
import { fromWire } from './message-model';
import { wireMessage } from './test-fixtures';

const ORIGIN = 'https://chat.example.com:8443';
const resolve = (path: string) => (path.startsWith('/') ? `${ORIGIN}${path}?token=T` : path);

function delivered(content: Pick<WireMessage, 'type' | 'payload'>): WireMessage {
  return { ...wireMessage(), ...content } as WireMessage;
}

describe('fileOrigin', () => {
  it('serves files from the socket host over http for ws and https for wss', () => {
    expect(fileOrigin('ws://127.0.0.1:4000/im')).toBe('http://127.0.0.1:4000');
    expect(fileOrigin('wss://chat.example.com/im')).toBe('https://chat.example.com');
  });
});

describe('fromWire resolves every file URL of a payload', () => {
  it('gives each image size an absolute URL with the token', () => {
    const info = (type: 1 | 2 | 3, url: string) => ({ type, size: 1, width: 1, height: 1, url });
    const message = fromWire(
      delivered({
        type: 'TIMImageElem',
        payload: {
          uuid: 'f1',
          imageFormat: 3,
          imageInfoArray: [info(1, '/im/files/f1'), info(2, '/im/files/f1/large'), info(3, '/im/files/f1/small')],
        },
      }),
      'me',
      resolve,
    );
    if (message.type !== 'TIMImageElem') throw new Error('type lost');
    expect(message.payload.imageInfoArray.map((i) => i.url)).toEqual([
      `${ORIGIN}/im/files/f1?token=T`,
      `${ORIGIN}/im/files/f1/large?token=T`,
      `${ORIGIN}/im/files/f1/small?token=T`,
    ]);
  });

  it('resolves audio, video (video, snapshot, thumbnail) and file URLs, and leaves empty ones empty', () => {
    const audio = fromWire(
      delivered({
        type: 'TIMSoundElem',
        payload: { uuid: 'a', url: '/im/files/a', remoteAudioUrl: '/im/files/a', size: 3, second: 2, downloadFlag: 2 },
      }),
      'me',
      resolve,
    );
    expect(audio.payload).toMatchObject({
      url: `${ORIGIN}/im/files/a?token=T`,
      remoteAudioUrl: `${ORIGIN}/im/files/a?token=T`,
    });
    const video = fromWire(
      delivered({
        type: 'TIMVideoFileElem',
        payload: {
          videoUUID: 'v',
          videoUrl: '/im/files/v',
          remoteVideoUrl: '/im/files/v',
          videoSize: 9,
          videoSecond: 3,
          videoFormat: 'mp4',
          videoDownloadFlag: 2,
          snapshotUUID: '',
          snapshotUrl: '',
          snapshotWidth: 0,
          snapshotHeight: 0,
          snapshotSize: 0,
          thumbUrl: '',
        },
      }),
      'me',
      resolve,
    );
    expect(video.payload).toMatchObject({
      videoUrl: `${ORIGIN}/im/files/v?token=T`,
      remoteVideoUrl: `${ORIGIN}/im/files/v?token=T`,
      snapshotUrl: '',
      thumbUrl: '',
    });
    const file = fromWire(
      delivered({
        type: 'TIMFileElem',
        payload: { uuid: 'f', fileName: 'a.pdf', fileSize: 4, fileUrl: '/im/files/f', downloadFlag: 2 },
      }),
      'me',
      resolve,
    );
    expect(file.payload).toMatchObject({ fileName: 'a.pdf', fileUrl: `${ORIGIN}/im/files/f?token=T` });
  });

  it('resolves the files inside a merged record, nested records included, and drops unreadable bodies', () => {
    const item = (ID: string, messageBody: Array<{ type: WireMessage['type']; payload: unknown }>) => ({
      ID,
      from: 'bob',
      nick: 'Bob',
      avatar: '',
      time: 1,
      cloudCustomData: '',
      messageBody,
    });
    const file = { uuid: 'f', fileName: 'a.txt', fileSize: 1, fileUrl: '/im/files/f', downloadFlag: 2 };
    const nested = {
      downloadKey: 'k2',
      title: 'inner',
      abstractList: [],
      compatibleText: 'x',
      messageList: [item('n1', [{ type: 'TIMFileElem', payload: file }])],
    };
    const message = fromWire(
      delivered({
        type: 'TIMRelayElem',
        payload: {
          downloadKey: 'k1',
          title: 'outer',
          abstractList: ['bob: [文件]'],
          compatibleText: 'x',
          messageList: [
            item('m1', [{ type: 'TIMFileElem', payload: file }]),
            item('m2', [{ type: 'TIMRelayElem', payload: nested }]),
            item('m3', [{ type: 'TIMImageElem', payload: { not: 'an image' } }]),
          ],
        },
      }),
      'me',
      resolve,
    );
    if (message.type !== 'TIMRelayElem') throw new Error('type lost');
    const [first, second, third] = message.payload.messageList;
    expect(first?.messageBody).toEqual([
      { type: 'TIMFileElem', payload: { ...file, fileUrl: `${ORIGIN}/im/files/f?token=T` } },
    ]);
    const inner = second?.messageBody[0];
    if (inner?.type !== 'TIMRelayElem') throw new Error('nested record lost');
    expect(inner.payload.messageList[0]?.messageBody[0]).toMatchObject({
      payload: { fileUrl: `${ORIGIN}/im/files/f?token=T` },
    });
    expect(third?.messageBody).toEqual([]);
  });

  it('keeps text and the other types as they are, and the moderation flag', () => {
    const flagged = fromWire(delivered({ type: 'TIMTextElem', payload: { text: 'hi' } }), 'me', resolve);
    expect(flagged.payload).toEqual({ text: 'hi' });
    expect(fromWire({ ...wireMessage(), hasRiskContent: true }, 'me', resolve).hasRiskContent).toBe(true);
  });
});

describe('FileAccess', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function access(answers: Array<{ token: string; expiresAt: number } | Error>) {
    const calls: number[] = [];
    const errors: unknown[] = [];
    const request = (async () => {
      const answer = answers[Math.min(calls.length, answers.length - 1)];
      calls.push(Date.now());
      if (answer instanceof Error) throw answer;
      return answer;
    }) as unknown as RequestFunction;
    const files = new FileAccess({ origin: 'http://h:1', request, onError: (error) => errors.push(error) });
    return { files, calls, errors };
  }

  it('makes absolute URLs, with the token once it has one, and keeps non-server URLs', async () => {
    const { files } = access([{ token: 'a b', expiresAt: Date.now() + 86_400_000 }]);
    expect(files.resolve('/im/files/x')).toBe('http://h:1/im/files/x');
    await files.refresh();
    expect(files.resolve('/im/files/x')).toBe('http://h:1/im/files/x?token=a%20b');
    expect(files.resolve('')).toBe('');
    expect(files.resolve('blob:http://h/1')).toBe('blob:http://h/1');
    files.stop();
    expect(files.resolve('/im/files/x')).toBe('http://h:1/im/files/x');
  });

  it('refreshes the token well before it expires, and retries a failed request', async () => {
    vi.useFakeTimers({ now: 0 });
    const day = 86_400_000;
    const { files, calls, errors } = access([
      { token: 'one', expiresAt: day },
      new Error('offline'),
      { token: 'two', expiresAt: 2 * day },
    ]);
    await files.refresh();
    await vi.advanceTimersByTimeAsync(0.8 * day - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(errors).toHaveLength(1);
    // The old token stays in use until the retry succeeds.
    expect(files.resolve('/f')).toContain('token=one');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(files.resolve('/f')).toContain('token=two');
    files.stop();
    await vi.advanceTimersByTimeAsync(2 * day);
    expect(calls).toHaveLength(3);
  });
});
