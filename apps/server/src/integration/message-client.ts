import { randomBytes } from 'node:crypto';
import type { UploadKind, WireMessage } from '@liaison/protocol';
import type { LiaisonServer } from '../app';
import type { Sql } from '../db/database';
import { RawClient, until } from './harness';

/**
 * Raw-frame helpers for the message-type tests: they send exactly what the protocol allows (the
 * SDK's message builders are tested on their own), and read every push a user gets.
 */
export interface Answer {
  ok: boolean;
  data?: unknown;
  error?: { code: number; message?: string };
}

export class MessageClient {
  private constructor(
    readonly raw: RawClient,
    readonly userID: string,
  ) {}

  static async login(server: LiaisonServer, userID: string): Promise<MessageClient> {
    const raw = await RawClient.open(server);
    const answer = await raw.login(server, userID);
    if (!answer.ok) throw new Error(`login of ${userID} failed: ${JSON.stringify(answer)}`);
    return new MessageClient(raw, userID);
  }

  request(op: string, body: unknown): Promise<Answer> {
    return this.raw.request(op, body) as Promise<Answer>;
  }

  /** The data of an accepted request; a refusal throws with its code. */
  async ok<T = Record<string, unknown>>(op: string, body: unknown): Promise<T> {
    const answer = await this.request(op, body);
    if (!answer.ok) throw new Error(`${op} refused with ${answer.error?.code}: ${answer.error?.message}`);
    return answer.data as T;
  }

  send(to: string, type: string, payload: unknown, extra: Record<string, unknown> = {}): Promise<Answer> {
    return this.request('sendMessage', {
      ID: `m-${randomBytes(8).toString('hex')}`,
      conversationType: to.startsWith('grp-') ? 'GROUP' : 'C2C',
      to,
      type,
      payload,
      clientTime: Math.floor(Date.now() / 1000),
      random: 1,
      ...extra,
    });
  }

  /** Sends and returns the stored message; a refusal throws. */
  async sent(to: string, type: string, payload: unknown, extra: Record<string, unknown> = {}): Promise<WireMessage> {
    const answer = await this.send(to, type, payload, extra);
    if (!answer.ok) throw new Error(`send of ${type} refused with ${answer.error?.code}: ${answer.error?.message}`);
    return (answer.data as { message: WireMessage }).message;
  }

  /** Waits for a push of `event` whose data satisfies the predicate. */
  async push<T>(event: string, predicate: (data: T) => boolean = () => true, timeoutMs = 5_000): Promise<T> {
    let found: T | undefined;
    await until(
      () => {
        const hit = this.raw.pushes.find((p) => p.event === event && predicate(p.data as T));
        found = hit?.data as T | undefined;
        return hit !== undefined;
      },
      timeoutMs,
      `${this.userID} to get ${event}`,
    );
    return found as T;
  }

  /** The pushed message with this ID. */
  async received(ID: string): Promise<WireMessage> {
    return (await this.push<{ message: WireMessage }>('message', (d) => d.message.ID === ID)).message;
  }

  async history(conversationID: string): Promise<WireMessage[]> {
    return (await this.ok<{ messageList: WireMessage[] }>('getMessageList', { conversationID })).messageList;
  }

  close(): void {
    this.raw.close();
  }
}

export interface StoredFile {
  kind: UploadKind;
  fileName?: string;
  contentType?: string;
  size?: number;
  width?: number | null;
  height?: number | null;
  imageFormat?: number | null;
  variants?: Record<string, { width: number; height: number; size: number }>;
  sha256?: string;
}

/**
 * A finished upload, as the upload route records one; the bytes are not needed to build messages.
 * Returns its fileID.
 */
export async function storedFile(db: Sql, ownerID: string, file: StoredFile): Promise<string> {
  const fileID = randomBytes(16).toString('base64url');
  await db.query(
    `INSERT INTO files (file_id, owner_id, kind, status, file_name, content_type, size, width, height, image_format,
                        variants, sha256, created_at)
     VALUES ($1, $2, $3, 'ready', $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      fileID,
      ownerID,
      file.kind,
      file.fileName ?? `${file.kind}.bin`,
      file.contentType ?? 'application/octet-stream',
      file.size ?? 1000,
      file.width ?? null,
      file.height ?? null,
      file.imageFormat ?? null,
      JSON.stringify(file.variants ?? {}),
      file.sha256 ?? randomBytes(32).toString('hex'),
      Date.now(),
    ],
  );
  return fileID;
}

/** A 1600×1200 PNG with both extra sizes. */
export const PHOTO: StoredFile = {
  kind: 'image',
  fileName: 'photo.png',
  contentType: 'image/png',
  size: 250_000,
  width: 1600,
  height: 1200,
  imageFormat: 3,
  variants: { large: { width: 720, height: 540, size: 60_000 }, small: { width: 198, height: 149, size: 9_000 } },
};
