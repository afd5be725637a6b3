import { Transform, type TransformCallback } from 'node:stream';
import { ErrorCode, LiaisonError } from '@liaison/protocol';

/** A byte range, both ends inclusive (as HTTP Range has them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live: the local disk (default) or an S3-compatible bucket. Keys are ours
 * (`<fileID>`, `<fileID>/large`…), never derived from anything a client chose.
 */
export interface BlobStore {
  /** What the store is, for logs and docs ("disk /var/lib/liaison/files", "s3 http://…/bucket"). */
  readonly description: string;
  /**
   * Streams `source` into `key`. More than `maxBytes` fails with FILE_TOO_LARGE; any failure
   * (including the source erroring, e.g. a client that went away) leaves nothing under the key.
   */
  put(key: string, source: NodeJS.ReadableStream, options: { maxBytes: number; contentType: string }): Promise<number>;
  /** The bytes of `key` (or of one range of it); null when there is no such blob. */
  get(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream | null>;
  /** The size of `key`, or null when there is no such blob. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Passes bytes through and fails the stream with FILE_TOO_LARGE once more than `maxBytes` went by. */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new LiaisonError(ErrorCode.FILE_TOO_LARGE));
    else done(null, chunk);
  }
}
