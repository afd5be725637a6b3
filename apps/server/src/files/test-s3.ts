import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from './settings';

/**
 * A real S3-compatible server (s3rver) on a free port with one empty bucket, its objects in a
 * temporary folder: the S3 store is tested against it, never against a mock. close() removes it.
 */
export async function startS3rver(): Promise<{
  settings: S3Settings;
  env: Record<string, string>;
  close(): Promise<void>;
}> {
  const directory = await mkdtemp(join(tmpdir(), 'liaison-s3rver-'));
  const bucket = 'liaison-files';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // s3rver accepts any key pair it is given (it checks signatures against its own default pair).
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
    pathStyle: true,
  };
  return {
    settings,
    env: {
      BLOB_S3_ENDPOINT: settings.endpoint,
      BLOB_S3_BUCKET: bucket,
      BLOB_S3_ACCESS_KEY: settings.accessKey,
      BLOB_S3_SECRET_KEY: settings.secretKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
