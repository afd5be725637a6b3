import { join, resolve } from 'node:path';
import type { FileModeration } from './moderation';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, s3rver…) that holds the bytes instead of the disk. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted stores want; else in the host name. */
  pathStyle: boolean;
}

/** Where uploads are kept and how long unfinished or unused ones live (docs/files.md). */
export interface FileSettings {
  /** Folder of the disk store; null: a temporary folder removed on close (tests). Ignored with s3. */
  dir: string | null;
  s3: S3Settings | null;
  /** How often the sweep looks for abandoned and unused uploads. */
  sweepIntervalMs: number;
  /** A grant never used is removed this long after it was issued. */
  grantMaxAgeMs: number;
  /** An upload still receiving bytes this long after it started is taken for dead (its process stopped). */
  uploadingMaxAgeMs: number;
  /** A finished upload that no message named within this time is removed. */
  unusedMaxAgeMs: number;
  /** Decides which files are banned (4005); default: executables and scripts by content. */
  moderation?: FileModeration;
}

export const defaultFileSettings: FileSettings = {
  dir: null,
  s3: null,
  sweepIntervalMs: 60_000,
  grantMaxAgeMs: 10 * 60_000,
  uploadingMaxAgeMs: 60 * 60_000,
  unusedMaxAgeMs: 24 * 60 * 60_000,
};

/** FILES_DIR, BLOB_S3_*, FILE_SWEEP_INTERVAL_SECONDS, FILE_UNUSED_HOURS; a bad value stops the start. */
export function filesFromEnv(env: NodeJS.ProcessEnv, dataDir: string): FileSettings {
  return {
    ...defaultFileSettings,
    dir: resolve(env.FILES_DIR ?? join(dataDir, 'files')),
    s3: s3FromEnv(env),
    sweepIntervalMs: positive(env, 'FILE_SWEEP_INTERVAL_SECONDS', 60) * 1000,
    unusedMaxAgeMs: positive(env, 'FILE_UNUSED_HOURS', 24) * 60 * 60_000,
  };
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | null {
  const names = ['BLOB_S3_ENDPOINT', 'BLOB_S3_BUCKET', 'BLOB_S3_ACCESS_KEY', 'BLOB_S3_SECRET_KEY'] as const;
  const set = names.filter((name) => env[name]);
  if (set.length === 0) return null;
  if (set.length < names.length) {
    throw new Error(
      `S3 file storage needs ${names.join(', ')} together; missing ${names.filter((n) => !env[n]).join(', ')}`,
    );
  }
  const endpoint = env.BLOB_S3_ENDPOINT ?? '';
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`BLOB_S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  const pathStyle = env.BLOB_S3_PATH_STYLE ?? '1';
  if (pathStyle !== '0' && pathStyle !== '1') throw new Error(`BLOB_S3_PATH_STYLE must be 0 or 1, got "${pathStyle}"`);
  return {
    endpoint: url.toString().replace(/\/$/, ''),
    bucket: env.BLOB_S3_BUCKET ?? '',
    accessKey: env.BLOB_S3_ACCESS_KEY ?? '',
    secretKey: env.BLOB_S3_SECRET_KEY ?? '',
    region: env.BLOB_S3_REGION || 'us-east-1',
    pathStyle: pathStyle === '1',
  };
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}
