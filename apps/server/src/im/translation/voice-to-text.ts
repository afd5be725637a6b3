import { ErrorCode, LiaisonError, type OpRequestParsed } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import type { BlobStore } from '../../files/blob-store';
import { blobKey } from '../../files/context';
import { VISIBLE_TO_ME, visibleFloor } from '../messages/history';
import type { ConversationRef } from '../messages/keys';
import { requireConversation } from '../messages/keys';
import { LruCache } from './lru';
import { ProviderError, type SpeechToTextProvider } from './providers';

export interface VoiceToTextDeps {
  db: Sql;
  /** Where the voice files are (set once the file routes are up). */
  blobs(): BlobStore;
  provider: SpeechToTextProvider;
}

/** Transcripts kept in this process's memory, by message and language (a few hundred bytes each). */
const CACHED_TRANSCRIPTS = 2_000;
/** OpenAI's upload limit for transcriptions; a voice message (≤ 60 s) is far below it. */
const AUDIO_MAX_BYTES = 25 * 1024 * 1024;

/**
 * convertVoiceToText: a voice message (TIMSoundElem) the caller can see — anything else 2119,
 * unknown, deleted for them, revoked or out of their reach 8003 — is read from the BlobStore
 * and transcribed by the provider (2118 when it fails). Results are cached in memory per message
 * and language, so a second tab or a second click costs nothing; the cache is per process.
 */
export class VoiceToText {
  private readonly cache = new LruCache<string, string>(CACHED_TRANSCRIPTS);
  /** Transcriptions under way: the same message asked for twice at once is transcribed once. */
  private readonly running = new Map<string, Promise<string>>();

  constructor(private readonly deps: VoiceToTextDeps) {}

  async convert(userID: string, body: OpRequestParsed<'convertVoiceToText'>): Promise<string> {
    const ref = requireConversation(userID, body.conversationID);
    const fileID = await this.voiceFileOf(userID, ref, body.messageID);
    const key = `${ref.key}\n${body.messageID}\n${body.language ?? ''}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    let running = this.running.get(key);
    if (!running) {
      running = this.transcribe(fileID, body.language).finally(() => this.running.delete(key));
      this.running.set(key, running);
    }
    const text = await running;
    this.cache.set(key, text);
    return text;
  }

  private async voiceFileOf(userID: string, ref: ConversationRef, messageID: string): Promise<string> {
    const floor = await visibleFloorOrNone(this.deps.db, userID, ref);
    const [row] =
      floor === null
        ? []
        : await this.deps.db.query<{ type: string; payload: unknown; is_revoked: boolean }>(
            `SELECT m.type, m.payload, m.is_revoked FROM messages m
              WHERE m.conv_key = $2 AND m.id = $3 AND m.seq > $4 AND ${VISIBLE_TO_ME}`,
            [userID, ref.key, messageID, floor],
          );
    if (!row || row.is_revoked) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
    if (row.type !== 'TIMSoundElem') throw new LiaisonError(ErrorCode.UNSUPPORTED_VOICE_FORMAT);
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { uuid?: unknown };
    if (typeof payload.uuid !== 'string' || payload.uuid === '') throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
    return payload.uuid;
  }

  private async transcribe(fileID: string, language: string | undefined): Promise<string> {
    const [file] = await this.deps.db.query<{ file_name: string; content_type: string }>(
      'SELECT file_name, content_type FROM files WHERE file_id = $1',
      [fileID],
    );
    const stream = file ? await this.deps.blobs().get(blobKey(fileID)) : null;
    if (!file || !stream)
      throw new LiaisonError(ErrorCode.VOICE_TO_TEXT_FAIL, 'Voice to text failed: the recording is gone');
    const bytes = await readAll(stream);
    try {
      return await this.deps.provider.transcribe(
        { bytes, fileName: file.file_name || `${fileID}.audio`, contentType: file.content_type },
        language,
      );
    } catch (err) {
      if (err instanceof ProviderError) {
        throw new LiaisonError(ErrorCode.VOICE_TO_TEXT_FAIL, `Voice to text failed: ${err.message}`);
      }
      throw err;
    }
  }
}

/** A group the caller is not in hides its messages as if they did not exist (8003). */
async function visibleFloorOrNone(db: Sql, userID: string, ref: ConversationRef): Promise<number | null> {
  try {
    return await visibleFloor(db, userID, ref);
  } catch (err) {
    if (
      err instanceof LiaisonError &&
      (err.code === ErrorCode.GROUP_NOT_MEMBER || err.code === ErrorCode.GROUP_NOT_FOUND)
    ) {
      return null;
    }
    throw err;
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > AUDIO_MAX_BYTES) {
      throw new LiaisonError(ErrorCode.VOICE_TO_TEXT_FAIL, 'Voice to text failed: the recording is too long');
    }
    chunks.push(buffer);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
