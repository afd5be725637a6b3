import { ErrorCode, IM_FILES_PATH, LiaisonError, type UploadKind } from '@liaison/protocol';
import type { Sql } from '../db/database';
import { toNumber } from '../db/database';

/** An extra size of an image (large ≤ 720 px, small ≤ 198 px). */
export interface ImageVariant {
  width: number;
  height: number;
  size: number;
}

export type FileVariantName = 'large' | 'small';

/** A stored upload, as the `files` table holds it. */
export interface FileRecord {
  fileID: string;
  ownerID: string;
  kind: UploadKind;
  /** 'uploading' until the bytes are stored and checked; 'ready' after. */
  status: 'uploading' | 'ready';
  fileName: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  imageFormat: number | null;
  variants: Partial<Record<FileVariantName, ImageVariant>>;
  sha256: string;
  createdAt: number;
  usedAt: number | null;
}

interface FileRow {
  file_id: string;
  owner_id: string;
  kind: string;
  status: string;
  file_name: string;
  content_type: string;
  size: unknown;
  width: number | null;
  height: number | null;
  image_format: number | null;
  variants: unknown;
  sha256: string;
  created_at: unknown;
  used_at: unknown;
}

const FILE_COLUMNS =
  'file_id, owner_id, kind, status, file_name, content_type, size, width, height, image_format, variants, sha256, created_at, used_at';

export async function findFile(db: Sql, fileID: string): Promise<FileRecord | null> {
  const [row] = await db.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_id = $1`, [fileID]);
  return row ? toFileRecord(row) : null;
}

/**
 * A file the user may put in a message: a finished upload of one of `kinds` that is their own, or
 * that was sent in a conversation they are in (forwarding). Anything else is FILE_NOT_FOUND, the same
 * answer as for a file that never existed, so IDs cannot be probed.
 */
export async function requireUsableFile(
  db: Sql,
  userID: string,
  fileID: string,
  kinds: readonly UploadKind[],
): Promise<FileRecord> {
  const file = await findFile(db, fileID);
  if (file?.status !== 'ready' || !kinds.includes(file.kind)) {
    throw new LiaisonError(ErrorCode.FILE_NOT_FOUND);
  }
  if (file.ownerID !== userID && !(await isGrantedTo(db, userID, fileID))) {
    throw new LiaisonError(ErrorCode.FILE_NOT_FOUND);
  }
  return file;
}

/** Whether the user may download the file: its uploader, or a member of a conversation it was sent in. */
export async function canReadFile(db: Sql, userID: string, fileID: string, ownerID: string): Promise<boolean> {
  return ownerID === userID || isGrantedTo(db, userID, fileID);
}

/**
 * Whether a grant names a conversation the user is in, sent where the user may read it: a C2C key
 * holds both user IDs (`c:<a>:<b>`), a group key needs a membership row; and the newest message
 * carrying it must be above the user's floor (history.ts visibleRange), so a member who joined
 * after it was sent, like one who cleared their history, cannot fetch it by ID either. Merged
 * records use the same grants by downloadKey.
 */
export async function isGrantedTo(db: Sql, userID: string, grantID: string): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 FROM file_grants g
      WHERE g.file_id = $1
        AND ((g.conv_key LIKE 'c:%' AND $2 IN (split_part(g.conv_key, ':', 2), split_part(g.conv_key, ':', 3)))
             OR EXISTS (SELECT 1 FROM group_members m WHERE g.conv_key = 'g:' || m.group_id AND m.user_id = $2))
        AND NOT EXISTS (SELECT 1 FROM user_conversations uc
                         WHERE uc.user_id = $2 AND uc.conv_key = g.conv_key AND uc.floor_seq >= g.last_seq)
      LIMIT 1`,
    [grantID, userID],
  );
  return row !== undefined;
}

/** The path a file (or one of an image's sizes) is served at; the SDK adds the origin and the viewer's token. */
export function fileURL(fileID: string, variant?: FileVariantName): string {
  return variant ? `${IM_FILES_PATH}/${fileID}/${variant}` : `${IM_FILES_PATH}/${fileID}`;
}

function toFileRecord(row: FileRow): FileRecord {
  const variants = (
    typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants
  ) as FileRecord['variants'];
  return {
    fileID: row.file_id,
    ownerID: row.owner_id,
    kind: row.kind as UploadKind,
    status: row.status === 'ready' ? 'ready' : 'uploading',
    fileName: row.file_name,
    contentType: row.content_type,
    size: toNumber(row.size),
    width: row.width,
    height: row.height,
    imageFormat: row.image_format,
    variants: variants ?? {},
    sha256: row.sha256,
    createdAt: toNumber(row.created_at),
    usedAt: row.used_at === null ? null : toNumber(row.used_at),
  };
}
