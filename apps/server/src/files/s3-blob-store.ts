import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type BlobStore, ByteLimit, type ByteRange } from './blob-store';
import type { S3Settings } from './settings';

/**
 * Multipart part size. An upload holds about (QUEUE + 1) parts in memory while it streams, so
 * ten 100 MB uploads at once hold ~100 MB, not a gigabyte; 5 MB is S3's smallest part.
 */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 1;

/** Blobs as objects of one bucket of an S3-compatible store, shared by every server process. */
export class S3BlobStore implements BlobStore {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.description = `s3 ${settings.endpoint}/${settings.bucket}`;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
      // Checksums only where S3 demands them: several S3-compatible stores reject the newer
      // trailing-checksum uploads the SDK would otherwise send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, source: NodeJS.ReadableStream, options: { maxBytes: number; contentType: string }) {
    const limit = new ByteLimit(options.maxBytes);
    // Errors of the source (a client that went away) must reach the upload, which then aborts.
    source.once('error', (err: Error) => limit.destroy(err));
    source.pipe(limit);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: limit, ContentType: options.contentType },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return limit.bytes;
    } catch (err) {
      // A failed multipart upload is aborted by the library; a failed single PUT stored nothing.
      throw limit.errored ?? err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as NodeJS.ReadableStream;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isMissing(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey');
}
