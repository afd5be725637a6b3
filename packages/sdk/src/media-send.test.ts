import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, LiaisonError, Limits } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestFunction } from './core/requests';
import { createFileMessage, createImageMessage, createLocationMessage } from './media-messages';
import { cancelUpload, checkFile, uploadMedia } from './media-send';
import { toSendBody } from './message-model';
import { MessageSender } from './sending';
import { wireMessage } from './test-fixtures';

/**
 * The client side of uploads. The HTTP end here only counts bytes and answers as the upload route
 * does; what the server does with them is tested against the real server (sdk-media.test.ts).
 */

const me = { userID: 'me', nick: '', avatar: '' };
const to = { to: 'bob', conversationType: 'C2C' } as const;
let http: Server;
let origin: string;
let puts = 0;

beforeAll(async () => {
  http = createServer((request, response) => {
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    request.on('end', () => {
      puts += 1;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          ok: true,
          data: {
            uuid: `file_${puts}_abcdefghijklmnop`,
            kind: 'file',
            contentType: 'text/plain',
            size,
            width: null,
            height: null,
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
});

/** Answers createUpload with a grant and sendMessage with a stored message (or the given failures). */
function server(sendFailures: Error[] = []) {
  const grants: unknown[] = [];
  const sends: unknown[] = [];
  const request = (async (op: string, body: unknown) => {
    if (op === 'createUpload') {
      grants.push(body);
      return { uploadURL: '/im/files/upload/grant', expiresAt: Date.now() + 60_000, maxBytes: Limits.FILE_MAX_BYTES };
    }
    sends.push(body);
    const failure = sendFailures.shift();
    if (failure) throw failure;
    return { message: wireMessage({ from: 'me', to: 'bob', ID: 'x', sequence: 1 }) };
  }) as unknown as RequestFunction;
  const context = { request, absolute: (path: string) => `${origin}${path}` };
  const sender = new MessageSender({
    request,
    me: () => 'me',
    markOwn: () => undefined,
    onStored: () => undefined,
    sendTimeout: 5_000,
    upload: (message) => uploadMedia(message, context),
  });
  return { grants, sends, context, sender };
}

/** A stream-like source of `size` bytes, sent in chunks with a pause between them. */
function trickle(size: number, chunk = 8 * 1024, delayMs = 5) {
  return {
    name: 'data.bin',
    size,
    stream: () => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent >= size) return controller.close();
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          const length = Math.min(chunk, size - sent);
          sent += length;
          controller.enqueue(new Uint8Array(length));
        },
      });
    },
  };
}

describe('local checks before an upload', () => {
  it('refuses an empty file with 7004, one over 100 MB with 7005', () => {
    expect(() => checkFile(new Blob([]), 'file')).toThrow(expect.objectContaining({ code: ErrorCode.FILE_NOT_FOUND }));
    expect(() => checkFile(trickle(Limits.FILE_MAX_BYTES + 1), 'file')).toThrow(
      expect.objectContaining({ code: ErrorCode.FILE_TOO_LARGE }),
    );
    expect(() => checkFile(trickle(Limits.FILE_MAX_BYTES), 'file')).not.toThrow();
  });

  it('takes for an image only what the picker would: by MIME type, else by extension', () => {
    const image = (name: string, type: string) => new File(['x'], name, { type });
    const refused = expect.objectContaining({ code: ErrorCode.IMAGE_INVALID_FORMAT });
    for (const ok of [image('a.png', 'image/png'), image('a.JPG', ''), image('a.webp', ''), image('noname', '')]) {
      expect(() => checkFile(ok, 'image')).not.toThrow();
    }
    expect(() => checkFile(image('a.png', 'text/html'), 'image')).toThrow(refused);
    expect(() => checkFile(image('setup.exe', ''), 'image')).toThrow(refused);
    expect(() => checkFile(image('a.svg', 'image/svg+xml'), 'image')).toThrow(refused);
    // Anything goes as a file.
    expect(() => checkFile(image('setup.exe', ''), 'file')).not.toThrow();
  });

  it('fails the send with the code and uploads nothing', async () => {
    const { grants, sender } = server();
    const message = createImageMessage({ ...to, payload: { file: new File(['<html>'], 'a.html') } }, me);
    await expect(sender.send(message)).rejects.toMatchObject({ code: ErrorCode.IMAGE_INVALID_FORMAT });
    expect(message.status).toBe('fail');
    expect(grants).toEqual([]);
    const long = createFileMessage(
      { ...to, payload: { file: new Blob(['x']) }, cloudCustomData: 'x'.repeat(13_000) },
      me,
    );
    await expect(sender.send(long)).rejects.toMatchObject({ code: ErrorCode.MESSAGE_TOO_LONG });
    expect(grants).toEqual([]);
  });
});

describe('uploading a file-bearing message', () => {
  it('moves progress from 0 to exactly 1 and sends the uuid the upload returned', async () => {
    const { grants, sends, sender } = server();
    const progress: number[] = [];
    const message = createFileMessage(
      { ...to, payload: { file: trickle(100_000) }, onProgress: (value) => progress.push(value) },
      me,
    );
    expect(message.progress).toBe(0);
    await sender.send(message);
    expect(grants).toEqual([{ kind: 'file', fileName: 'data.bin', size: 100_000 }]);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    expect(message).toMatchObject({ progress: 1, status: 'success' });
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ type: 'TIMFileElem', payload: { uuid: expect.stringMatching(/^file_/) } });
  });

  it('does not upload again when only the send failed, and uploads again after a cancel', async () => {
    const { sender } = server([new LiaisonError(ErrorCode.INTERNAL)]);
    const before = puts;
    const message = createFileMessage({ ...to, payload: { file: trickle(20_000) } }, me);
    await expect(sender.send(message)).rejects.toMatchObject({ code: ErrorCode.INTERNAL });
    await sender.send(message);
    expect(puts - before).toBe(1);

    const slow = createFileMessage({ ...to, payload: { file: trickle(400_000, 4096, 10) } }, me);
    const sending = sender.send(slow);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cancelUpload(slow)).toBe(true);
    await expect(sending).rejects.toMatchObject({ code: ErrorCode.UPLOAD_CANCELLED });
    expect(slow.status).toBe('fail');
    expect(cancelUpload(slow)).toBe(false);
    await sender.send(slow);
    expect(slow).toMatchObject({ status: 'success', progress: 1 });
  });
  it('cancels before any byte is sent when asked right after sendMessage', async () => {
    const { grants, sender } = server();
    const before = puts;
    const message = createFileMessage({ ...to, payload: { file: trickle(10_000) } }, me);
    const sending = sender.send(message);
    expect(cancelUpload(message)).toBe(true);
    await expect(sending).rejects.toMatchObject({ code: ErrorCode.UPLOAD_CANCELLED });
    expect(grants).toEqual([]);
    expect(puts).toBe(before);
  });
});

describe('payload mapping', () => {
  it('sends location, face and custom payloads as they are', () => {
    const location = createLocationMessage(
      { ...to, payload: { description: 'Pier 7', longitude: 113.9, latitude: 22.5 } },
      me,
    );
    expect(toSendBody(location)).toMatchObject({
      type: 'TIMLocationElem',
      payload: { description: 'Pier 7', longitude: 113.9, latitude: 22.5 },
    });
    expect(location.progress).toBe(1);
    expect(() =>
      createLocationMessage({ ...to, payload: { description: '', longitude: 200, latitude: 0 } }, me),
    ).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }));
  });

  it('has nothing to send for a file message before its upload', () => {
    const message = createFileMessage({ ...to, payload: { file: new Blob(['x']) } }, me);
    expect(message.payload).toMatchObject({ fileName: 'file', fileSize: 1, fileUrl: '' });
    expect(() => toSendBody(message)).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }));
  });
});
