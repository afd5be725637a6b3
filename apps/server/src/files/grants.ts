import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  IM_FILES_PATH,
  LiaisonError,
  Limits,
  type OpRequestParsed,
  type OpResponse,
  type UploadKind,
} from '@liaison/protocol';
import type { AppCredentials } from '../auth/usersig';
import type { Sql } from '../db/database';
import { toNumber } from '../db/database';
import { SignedTokens } from './signed-token';

/** Upload grants a user may hold unused at once; more asks are refused until some are used or expire. */
export const OUTSTANDING_GRANTS_MAX = 20;
/** How long a file access token (getFileAccessToken) lets its user fetch files. */
export const FILE_ACCESS_TTL_MS = 24 * 60 * 60_000;

export const uploadTokens = (app: AppCredentials) => new SignedTokens(app.secretKey, 'upload-grant');
export const accessTokens = (app: AppCredentials) => new SignedTokens(app.secretKey, 'file-access');

/**
 * `createUpload`: a row for the coming file (status 'granted') and a signed, single-use address to
 * PUT its bytes to. Sizes the upload could never pass are refused here, before any byte moves.
 */
export async function createUpload(
  db: Sql,
  app: AppCredentials,
  userID: string,
  body: OpRequestParsed<'createUpload'>,
  now = Date.now(),
): Promise<OpResponse<'createUpload'>> {
  if (body.size === 0) throw new LiaisonError(ErrorCode.FILE_NOT_FOUND, 'The file is empty');
  if (body.size > Limits.FILE_MAX_BYTES) throw new LiaisonError(ErrorCode.FILE_TOO_LARGE);
  const [row] = await db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM files WHERE owner_id = $1 AND status = 'granted' AND created_at > $2`,
    [userID, now - Limits.UPLOAD_GRANT_TTL_MS],
  );
  if (toNumber(row?.n) >= OUTSTANDING_GRANTS_MAX) {
    throw new LiaisonError(ErrorCode.OPERATION_RATE_LIMITED, 'Too many uploads waiting for their bytes');
  }
  const fileID = randomBytes(16).toString('base64url');
  await db.query(
    `INSERT INTO files (file_id, owner_id, kind, status, file_name, size, created_at)
     VALUES ($1, $2, $3, 'granted', $4, $5, $6)`,
    [fileID, userID, body.kind, body.fileName, body.size, now],
  );
  const expiresAt = now + Limits.UPLOAD_GRANT_TTL_MS;
  return {
    uploadURL: `${IM_FILES_PATH}/upload/${uploadTokens(app).sign(fileID, expiresAt)}`,
    expiresAt,
    maxBytes: body.size,
  };
}

/**
 * `getFileAccessToken`: lets this user's <img>, <video> and downloads fetch the files they may
 * read. Asked by a session the portal's userSig opened, it is bound to that portal session and
 * ends with it (serve.ts), on every process, as the IM session does.
 */
export function getFileAccessToken(
  app: AppCredentials,
  userID: string,
  portalSessionID: string | null,
  now = Date.now(),
) {
  const expiresAt = now + FILE_ACCESS_TTL_MS;
  return { token: accessTokens(app).sign(userID, expiresAt, portalSessionID ?? undefined), expiresAt };
}

export interface ClaimedGrant {
  fileID: string;
  ownerID: string;
  kind: UploadKind;
  fileName: string;
  /** The size createUpload was told; the upload may not be larger. */
  maxBytes: number;
}

/**
 * Turns a grant into an upload in progress, once: a second PUT with the same address, or one
 * after the grant expired or was swept, finds nothing. The row's clock restarts, so the sweep
 * measures an upload's age from its first byte.
 */
export async function claimGrant(db: Sql, fileID: string, now = Date.now()): Promise<ClaimedGrant | null> {
  const [row] = await db.query<{ owner_id: string; kind: string; file_name: string; size: unknown }>(
    `UPDATE files SET status = 'uploading', created_at = $2
      WHERE file_id = $1 AND status = 'granted' AND created_at > $3
      RETURNING owner_id, kind, file_name, size`,
    [fileID, now, now - Limits.UPLOAD_GRANT_TTL_MS],
  );
  if (!row) return null;
  return {
    fileID,
    ownerID: row.owner_id,
    kind: row.kind as UploadKind,
    fileName: row.file_name,
    maxBytes: toNumber(row.size),
  };
}
