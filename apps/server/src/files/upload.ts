import { createHash, type Hash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { ErrorCode, type FileUploadResult, LiaisonError, Limits } from '@liaison/protocol';
import { blobKey, discardFile, type FileContext } from './context';
import type { FileRecord } from './file-access';
import { claimGrant, uploadTokens } from './grants';
import { processImage } from './images';
import { contentTypeFor, detectType, IMAGE_FORMATS, SNIFF_BYTES } from './sniff';

/**
 * Receives the bytes of a granted upload (PUT /im/files/upload/<token>) and keeps them, or keeps
 * nothing: the bytes stream straight into the BlobStore (only images, which must be decoded
 * whole, are also held in memory), then the content decides the type, the moderation provider
 * may ban it, and images get their sizes. Any refusal or failure removes the blobs and the row.
 */
export async function receiveUpload(
  ctx: FileContext,
  token: string,
  body: NodeJS.ReadableStream,
  contentLength: number | null,
): Promise<FileUploadResult> {
  // Watched before the first await: a client that leaves while the grant is claimed must not
  // become an unhandled 'aborted' error, nor a pipe from a stream that will never end.
  const source = new UploadSource(body);
  const fileID = uploadTokens(ctx.app).verify(token);
  if (fileID === null) throw new LiaisonError(ErrorCode.UPLOAD_GRANT_INVALID);
  const grant = await claimGrant(ctx.db, fileID);
  if (grant === null) throw new LiaisonError(ErrorCode.UPLOAD_GRANT_INVALID);
  try {
    if (contentLength === null) throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'Content-Length is required');
    if (contentLength === 0) throw new LiaisonError(ErrorCode.FILE_NOT_FOUND, 'The file is empty');
    if (contentLength > grant.maxBytes || contentLength > Limits.FILE_MAX_BYTES) {
      throw new LiaisonError(ErrorCode.FILE_TOO_LARGE);
    }
    const isImage = grant.kind === 'image' || grant.kind === 'snapshot';
    const inspector = source.pipeTo(new Inspector(isImage));
    const stored = await ctx.store.put(blobKey(fileID), inspector, {
      maxBytes: contentLength,
      contentType: 'application/octet-stream',
    });
    if (stored !== contentLength) throw new LiaisonError(ErrorCode.NETWORK_ERROR, 'The upload was cut off');
    const head = inspector.head();
    const detected = await detectType(head);
    const sha256 = inspector.sha256();
    const file = { kind: grant.kind, fileName: grant.fileName, size: stored, head, detected, sha256 };
    if (await ctx.moderation.isBanned(file)) throw new LiaisonError(ErrorCode.FILE_BANNED);
    const contentType = contentTypeFor(grant.kind, detected);
    const image = isImage ? await storeImageSizes(ctx, fileID, inspector.whole(), contentType) : null;
    const record = {
      contentType,
      size: image?.size ?? stored,
      width: image?.width ?? null,
      height: image?.height ?? null,
      imageFormat: image ? (IMAGE_FORMATS[contentType] ?? null) : null,
      variants: image?.variants ?? {},
      sha256,
    };
    await markReady(ctx, fileID, record);
    return {
      uuid: fileID,
      kind: grant.kind,
      contentType,
      size: record.size,
      width: record.width,
      height: record.height,
    };
  } catch (err) {
    await discardFile(ctx, fileID).catch((cleanup: unknown) => ctx.log(cleanup, `discarding upload ${fileID}`));
    throw wentAway(err) ? new LiaisonError(ErrorCode.NETWORK_ERROR, 'The upload was cut off') : err;
  }
}

/** The client closed the connection before the whole body arrived. */
function wentAway(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED';
}

type ReadyFields = Pick<
  FileRecord,
  'contentType' | 'size' | 'width' | 'height' | 'imageFormat' | 'variants' | 'sha256'
>;

async function markReady(ctx: FileContext, fileID: string, record: ReadyFields): Promise<void> {
  const rows = await ctx.db.query(
    `UPDATE files SET status = 'ready', content_type = $2, size = $3, width = $4, height = $5,
            image_format = $6, variants = $7, sha256 = $8
      WHERE file_id = $1 AND status = 'uploading'
      RETURNING file_id`,
    [
      fileID,
      record.contentType,
      record.size,
      record.width,
      record.height,
      record.imageFormat,
      JSON.stringify(record.variants),
      record.sha256,
    ],
  );
  // The sweep took the row for dead (an upload slower than FileSettings.uploadingMaxAgeMs).
  if (rows.length === 0) throw new LiaisonError(ErrorCode.UPLOAD_GRANT_INVALID);
}

/** Decodes the image on the image thread and stores what it made next to the original. */
async function storeImageSizes(ctx: FileContext, fileID: string, bytes: Uint8Array, mime: string) {
  // Read before the bytes move to the image thread.
  let size = bytes.length;
  const image = await processImage(bytes, mime);
  if (image.original) {
    // Replaces the upload with its copy without metadata (the camera's location goes with it).
    size = await putBytes(ctx, blobKey(fileID), image.original, mime);
  }
  // BMP's sizes are PNG (see docs/files.md); the others keep their format.
  const variantType = mime === 'image/bmp' ? 'image/png' : mime;
  const variants: FileRecord['variants'] = {};
  for (const name of ['large', 'small'] as const) {
    const made = image[name];
    if (!made) continue;
    const stored = await putBytes(ctx, blobKey(fileID, name), made.bytes, variantType);
    variants[name] = { width: made.width, height: made.height, size: stored };
  }
  return { size, width: image.width, height: image.height, variants };
}

function putBytes(ctx: FileContext, key: string, bytes: Uint8Array, contentType: string): Promise<number> {
  return ctx.store.put(key, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
    maxBytes: Limits.FILE_MAX_BYTES,
    contentType,
  });
}

/**
 * The request body, watched for the whole upload: a client that goes away mid-body fails the
 * inspector (and so the store's put) instead of leaving it waiting for bytes that never come.
 */
class UploadSource {
  private cutOff: Error | null = null;
  private target: Inspector | null = null;

  constructor(private readonly body: NodeJS.ReadableStream) {
    const source = body as Readable;
    const cutOff = () => new LiaisonError(ErrorCode.NETWORK_ERROR, 'The upload was cut off');
    // Gone before the route ran: neither event below will come.
    if (source.destroyed && !source.readableEnded) this.cutOff = cutOff();
    // Node's request emits 'aborted' as an error only to listeners; this one stays for its life.
    source.on('error', (err) => this.cut(err));
    source.once('close', () => {
      if (!source.readableEnded) this.cut(cutOff());
    });
  }

  pipeTo(inspector: Inspector): Inspector {
    this.target = inspector;
    // The store's put may still be preparing (a folder, a connection) when the client leaves; the
    // destroyed inspector keeps the error, and the put's pipeline rejects with it when it starts.
    inspector.on('error', () => {});
    if (this.cutOff) inspector.destroy(this.cutOff);
    else (this.body as Readable).pipe(inspector);
    return inspector;
  }

  private cut(err: Error): void {
    this.cutOff ??= err;
    this.target?.destroy(err);
  }
}

/** Passes the bytes on while hashing them and keeping the first SNIFF_BYTES (and, for images, all). */
class Inspector extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private readonly start: Buffer[] = [];
  private startBytes = 0;
  private all: Buffer[] | null;

  constructor(keepAll: boolean) {
    super();
    this.all = keepAll ? [] : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    if (this.startBytes < SNIFF_BYTES) {
      this.start.push(chunk.subarray(0, SNIFF_BYTES - this.startBytes));
      this.startBytes += Math.min(chunk.length, SNIFF_BYTES - this.startBytes);
    }
    this.all?.push(chunk);
    done(null, chunk);
  }

  head(): Uint8Array {
    return Buffer.concat(this.start);
  }

  /** Every byte in one buffer of its own (so it can be moved to the image thread); kept once. */
  whole(): Uint8Array {
    const chunks = this.all ?? [];
    this.all = null;
    const whole = new Uint8Array(new ArrayBuffer(chunks.reduce((n, c) => n + c.length, 0)));
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    return whole;
  }

  sha256(): string {
    return this.hash.digest('hex');
  }
}
