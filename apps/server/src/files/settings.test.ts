import { describe, expect, it } from 'vitest';
import { filesFromEnv } from './settings';

describe('file storage settings from the environment', () => {
  it('keeps files on disk under DATA_DIR/files by default, swept every minute, unused ones after a day', () => {
    const settings = filesFromEnv({}, '/var/lib/liaison');
    expect(settings).toMatchObject({
      dir: '/var/lib/liaison/files',
      s3: null,
      sweepIntervalMs: 60_000,
      unusedMaxAgeMs: 24 * 3600_000,
    });
    expect(filesFromEnv({ FILES_DIR: '/srv/files' }, '/data').dir).toBe('/srv/files');
  });

  it('uses an S3 store when its four settings are set, path-style unless told otherwise', () => {
    const env = {
      BLOB_S3_ENDPOINT: 'http://minio.internal:9000/',
      BLOB_S3_BUCKET: 'chat-files',
      BLOB_S3_ACCESS_KEY: 'key',
      BLOB_S3_SECRET_KEY: 'secret',
    };
    expect(filesFromEnv(env, '/data').s3).toEqual({
      endpoint: 'http://minio.internal:9000',
      bucket: 'chat-files',
      accessKey: 'key',
      secretKey: 'secret',
      region: 'us-east-1',
      pathStyle: true,
    });
    expect(filesFromEnv({ ...env, BLOB_S3_REGION: 'eu-west-1', BLOB_S3_PATH_STYLE: '0' }, '/data').s3).toMatchObject({
      region: 'eu-west-1',
      pathStyle: false,
    });
  });

  it('refuses to start with part of the S3 settings, a bad endpoint or a bad number, naming the setting', () => {
    expect(() => filesFromEnv({ BLOB_S3_ENDPOINT: 'http://s3' }, '/d')).toThrow(/missing BLOB_S3_BUCKET/);
    const s3 = { BLOB_S3_BUCKET: 'b', BLOB_S3_ACCESS_KEY: 'k', BLOB_S3_SECRET_KEY: 's' };
    expect(() => filesFromEnv({ ...s3, BLOB_S3_ENDPOINT: 'ftp://s3' }, '/d')).toThrow(/BLOB_S3_ENDPOINT/);
    expect(() => filesFromEnv({ ...s3, BLOB_S3_ENDPOINT: 'http://s3', BLOB_S3_PATH_STYLE: 'yes' }, '/d')).toThrow(
      /BLOB_S3_PATH_STYLE/,
    );
    expect(() => filesFromEnv({ FILE_UNUSED_HOURS: '-1' }, '/d')).toThrow(/FILE_UNUSED_HOURS/);
    expect(() => filesFromEnv({ FILE_SWEEP_INTERVAL_SECONDS: 'often' }, '/d')).toThrow(/FILE_SWEEP_INTERVAL_SECONDS/);
  });
});
