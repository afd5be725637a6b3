import {
  type PayloadOf,
  payloadSchemas,
  type MergedMessage as WireMergedMessage,
  type WireMessageType,
} from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import type { MergedMessage, MessageContent } from './message-types';

/** Turns a file path from the server ('/im/files/<id>…') into a URL the viewer can load. */
export type URLResolver = (path: string) => string;

/** A type and its payload as the server delivers them. */
export type WireContent = { [T in WireMessageType]: { type: T; payload: PayloadOf<T> } }[WireMessageType];

/**
 * The http(s) origin files are served from: the server's own (ws → http, wss → https), since
 * uploads and downloads go over HTTP to the same host as the IM socket.
 */
export function fileOrigin(socketURL: string): string {
  const url = new URL(socketURL);
  url.protocol = url.protocol === 'wss:' || url.protocol === 'https:' ? 'https:' : 'http:';
  return url.origin;
}

/**
 * The content of a delivered message with every file URL in it resolved, including those of the
 * messages inside a merged record (nested records too).
 */
export function resolveContentURLs(content: WireContent, resolve: URLResolver): MessageContent {
  switch (content.type) {
    case 'TIMImageElem':
      return {
        type: content.type,
        payload: {
          ...content.payload,
          imageInfoArray: content.payload.imageInfoArray.map((info) => ({ ...info, url: resolve(info.url) })),
        },
      };
    case 'TIMSoundElem':
      return {
        type: content.type,
        payload: {
          ...content.payload,
          url: resolve(content.payload.url),
          remoteAudioUrl: resolve(content.payload.remoteAudioUrl),
        },
      };
    case 'TIMVideoFileElem':
      return {
        type: content.type,
        payload: {
          ...content.payload,
          videoUrl: resolve(content.payload.videoUrl),
          remoteVideoUrl: resolve(content.payload.remoteVideoUrl),
          snapshotUrl: resolve(content.payload.snapshotUrl),
          thumbUrl: resolve(content.payload.thumbUrl),
        },
      };
    case 'TIMFileElem':
      return { type: content.type, payload: { ...content.payload, fileUrl: resolve(content.payload.fileUrl) } };
    case 'TIMRelayElem':
      return {
        type: content.type,
        payload: { ...content.payload, messageList: resolveMergedMessages(content.payload.messageList, resolve) },
      };
    default:
      return content;
  }
}

/**
 * The messages of a merged record as a Message has them: each body checked against its type's
 * schema (a body this SDK cannot read is left out) and its file URLs resolved.
 */
export function resolveMergedMessages(list: readonly WireMergedMessage[], resolve: URLResolver): MergedMessage[] {
  return list.map((item) => ({
    ID: item.ID,
    from: item.from,
    nick: item.nick,
    avatar: item.avatar,
    time: item.time,
    cloudCustomData: item.cloudCustomData,
    messageBody: item.messageBody.flatMap((body) => {
      const content = parseContent(body.type, body.payload);
      return content ? [resolveContentURLs(content, resolve)] : [];
    }),
    // Revoked or flagged since the record was made: its body is emptied; a UI shows which.
    ...(item.isRevoked ? { isRevoked: true } : {}),
    ...(item.hasRiskContent ? { hasRiskContent: true } : {}),
  }));
}

export interface FileAccessOptions {
  /** The http(s) origin of the server (fileOrigin). */
  origin: string;
  request: RequestFunction;
  onError(error: unknown): void;
}

/** Retry a failed token request after this long. */
const RETRY_MS = 30_000;
/** Refresh once this share of the token's lifetime has passed, well before it expires. */
const REFRESH_AT = 0.8;

/**
 * The logged-in user's file access token: fetched after login and after each reconnect, refreshed
 * before it expires. URLs already handed out carry the token they were made with, which stays good
 * until its own expiry (24 h), so messages shown before a refresh keep loading.
 */
export class FileAccess {
  private token: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by stop(), so an answer to an older request is dropped. */
  private generation = 0;

  constructor(private readonly options: FileAccessOptions) {}

  /** Absolute URL with `?token=`; anything that is not a server path ('' or a blob: URL) is kept. */
  readonly resolve: URLResolver = (path) => {
    if (!path.startsWith('/')) return path;
    const url = `${this.options.origin}${path}`;
    if (this.token === null) return url;
    return `${url}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(this.token)}`;
  };

  /** The absolute URL of a server path, without a token (uploads carry their grant in the path). */
  absolute(path: string): string {
    return `${this.options.origin}${path}`;
  }

  /** Fetches a token now and keeps it fresh; failures are reported and retried. */
  async refresh(): Promise<void> {
    const generation = this.generation;
    this.clearTimer();
    try {
      const { token, expiresAt } = await this.options.request('getFileAccessToken', {});
      if (generation !== this.generation) return;
      this.token = token;
      const lifetime = Math.max(0, expiresAt - Date.now());
      this.schedule(Math.max(RETRY_MS, lifetime * REFRESH_AT));
    } catch (error) {
      if (generation !== this.generation) return;
      this.options.onError(error);
      this.schedule(RETRY_MS);
    }
  }

  /** Logged out: forget the token and stop refreshing. */
  stop(): void {
    this.generation += 1;
    this.token = null;
    this.clearTimer();
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    const generation = this.generation;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (generation === this.generation) void this.refresh();
    }, delayMs);
    // A pending refresh must not keep a Node process alive.
    if (typeof this.timer === 'object' && this.timer !== null && 'unref' in this.timer) this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

function parseContent(type: WireMessageType, payload: unknown): WireContent | null {
  const parsed = payloadSchemas[type].safeParse(payload);
  // The schema for `type` accepted `payload`, so the pair is a WireContent.
  return parsed.success ? ({ type, payload: parsed.data } as WireContent) : null;
}
