import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripBidiControls } from '@liaison/protocol';
import type { Sql } from '../db/database';
import { PortalCode, PortalError } from './envelope';

/** spec portal.md §9: uploads up to 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = '上传文件大小不能超过5MB';
export const UPLOAD_BAD_TYPE = '文件格式不正确，请上传doc/xls/ppt/txt/pdf/图片格式文件';

interface FileType {
  ext: string;
  contentType: string;
  /** Names the content may arrive under. */
  names: readonly string[];
}

const TYPES = {
  pdf: { ext: 'pdf', contentType: 'application/pdf', names: ['pdf'] },
  png: { ext: 'png', contentType: 'image/png', names: ['png'] },
  jpg: { ext: 'jpg', contentType: 'image/jpeg', names: ['jpg', 'jpeg'] },
  gif: { ext: 'gif', contentType: 'image/gif', names: ['gif'] },
  svg: { ext: 'svg', contentType: 'image/svg+xml', names: ['svg'] },
  txt: { ext: 'txt', contentType: 'text/plain; charset=utf-8', names: ['txt'] },
  doc: { ext: 'doc', contentType: 'application/msword', names: ['doc'] },
  xls: { ext: 'xls', contentType: 'application/vnd.ms-excel', names: ['xls'] },
  ppt: { ext: 'ppt', contentType: 'application/vnd.ms-powerpoint', names: ['ppt'] },
  docx: {
    ext: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    names: ['docx'],
  },
  xlsx: {
    ext: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    names: ['xlsx'],
  },
  pptx: {
    ext: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    names: ['pptx'],
  },
} as const satisfies Record<string, FileType>;

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What a file is, judged by its bytes; the name only picks between formats that share a
 * container (the legacy Office formats share OLE, the new ones ZIP). Null when it is none of
 * the accepted types or its name claims something else — an executable renamed .pdf included.
 */
export function sniffUpload(bytes: Buffer, fileName: string): FileType | null {
  const named = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  const type = detect(bytes, named);
  return type && (type.names as readonly string[]).includes(named) ? type : null;
}

function detect(bytes: Buffer, named: string): FileType | null {
  const head = bytes.subarray(0, 8);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return TYPES.pdf;
  if (head.equals(PNG)) return TYPES.png;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return TYPES.jpg;
  if (/^GIF8[79]a/.test(bytes.subarray(0, 6).toString('latin1'))) return TYPES.gif;
  if (head.equals(OLE)) return named === 'doc' || named === 'xls' || named === 'ppt' ? TYPES[named] : null;
  if (bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04') return officeXml(bytes, named);
  const text = utf8Text(bytes);
  if (text === null) return null;
  if (named === 'svg') return isInertSvg(text) ? TYPES.svg : null;
  return named === 'txt' ? TYPES.txt : null;
}

/** A ZIP is an Office document when it carries the part list and the folder of its kind. */
function officeXml(bytes: Buffer, named: string): FileType | null {
  const folder = { docx: 'word/', xlsx: 'xl/', pptx: 'ppt/' }[named];
  if (!folder) return null;
  // Local file headers keep entry names uncompressed.
  const names = bytes.toString('latin1');
  if (!names.includes('[Content_Types].xml') || !names.includes(folder)) return null;
  return TYPES[named as 'docx' | 'xlsx' | 'pptx'];
}

/** Valid UTF-8 without control characters other than tab, line breaks and form feed. */
function utf8Text(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for exactly these
  return /[\x00-\x08\x0b\x0e-\x1f\x7f]/.test(text) ? null : text;
}

/**
 * An SVG image without scripts, event handlers or script links (it is also served sandboxed).
 * Checked on the text as a parser would read it: character references decoded (`&#106;avascript:`,
 * `&#x6A;`, with or without the semicolon HTML forgives), and tabs and line breaks, which a URL
 * drops, taken out. A DOCTYPE with declarations of its own (entities that could spell a scheme in
 * pieces, attribute defaults) and named entities other than XML's five are refused outright.
 */
function isInertSvg(text: string): boolean {
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>[]*>\s*)?<svg[\s>]/i.test(text)) return false;
  if (/&(?!amp;|lt;|gt;|quot;|apos;|#\d|#x[0-9a-f])/i.test(text)) return false;
  const decoded = decodeCharacterReferences(text);
  if (/<script|\son[a-z]+\s*=|<foreignObject/i.test(decoded)) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what a URL parser skips or strips inside a scheme
  return !/javascript:/i.test(decoded.replace(/[\x00-\x20]+/g, ''));
}

function decodeCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);?/gi, (reference, digits: string) => {
    const code = digits[0] === 'x' || digits[0] === 'X' ? Number.parseInt(digits.slice(1), 16) : Number(digits);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
}

const STORED_NAME = /^\/profile\/upload\/(\d{4})\/(\d{2})\/(\d{2})\/([0-9a-f-]{36}\.[a-z]{3,4})$/;

export interface StoredUpload {
  fileName: string;
  contentType: string;
}

export interface UploadOptions {
  /** Served only to the uploader and platform admins (identity documents, licences). */
  isPrivate?: boolean;
  now?: Date;
}

export interface UploadedFile {
  bytes: Buffer;
  contentType: string;
  originalName: string;
  /** The uploader. */
  userID: string;
  isPrivate: boolean;
}

/** Files live under DATA_DIR/uploads, outside any served tree, under names we generate. */
export class UploadStore {
  private constructor(
    private readonly db: Sql,
    private readonly dir: string,
    private readonly temporary: boolean,
  ) {}

  /** Uploads kept in `dir`, or in a fresh temporary folder (removed on close) when dir is null. */
  static async open(db: Sql, dir: string | null): Promise<UploadStore> {
    if (dir === null) return new UploadStore(db, await mkdtemp(join(tmpdir(), 'liaison-uploads-')), true);
    return new UploadStore(db, dir, false);
  }

  /** A temporary folder goes with the server; a configured one stays. */
  async close(): Promise<void> {
    if (this.temporary) await rm(this.dir, { recursive: true, force: true });
  }

  async save(userID: string, bytes: Buffer, uploadedAs: string, options: UploadOptions = {}): Promise<StoredUpload> {
    const { isPrivate = false, now = new Date() } = options;
    if (bytes.length > UPLOAD_MAX_BYTES) throw new PortalError(PortalCode.ERROR, UPLOAD_TOO_LARGE);
    // A display string like any name: `invoice\u202Efdp.exe` must not be shown or downloaded as `invoiceexe.pdf`.
    const originalName = stripBidiControls(uploadedAs);
    const type = sniffUpload(bytes, originalName);
    if (!type) throw new PortalError(PortalCode.ERROR, UPLOAD_BAD_TYPE);
    const y = String(now.getUTCFullYear());
    const m = String(now.getUTCMonth() + 1).padStart(2, '0');
    const d = String(now.getUTCDate()).padStart(2, '0');
    const name = `${randomUUID()}.${type.ext}`;
    const folder = join(this.dir, y, m, d);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, name), bytes, { flag: 'wx' });
    const fileName = `/profile/upload/${y}/${m}/${d}/${name}`;
    await this.db.query(
      `INSERT INTO portal_uploads (file_name, user_id, original_name, content_type, size, created_at, private)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [fileName, userID, originalName.slice(0, 255), type.contentType, bytes.length, now.getTime(), isPrivate],
    );
    return { fileName, contentType: type.contentType };
  }

  /** A stored file by the name `save` gave it; anything not of that exact form is not looked up. */
  async read(fileName: string): Promise<UploadedFile | null> {
    const parts = STORED_NAME.exec(fileName);
    if (!parts) return null;
    const [row] = await this.db.query<{
      content_type: string;
      original_name: string;
      user_id: string;
      private: boolean;
    }>('SELECT content_type, original_name, user_id, private FROM portal_uploads WHERE file_name = $1', [fileName]);
    if (!row) return null;
    const [, y, m, d, name] = parts as unknown as [string, string, string, string, string];
    return {
      bytes: await readFile(join(this.dir, y, m, d, name)),
      contentType: row.content_type,
      originalName: row.original_name,
      userID: row.user_id,
      isPrivate: row.private,
    };
  }

  /** Who uploaded a file, what it is and what it was called (enterprise material must be the submitter's own). */
  async describe(
    fileName: string,
  ): Promise<{ userID: string; contentType: string; isPrivate: boolean; originalName: string } | null> {
    const [row] = await this.db.query<{
      user_id: string;
      content_type: string;
      private: boolean;
      original_name: string;
    }>('SELECT user_id, content_type, private, original_name FROM portal_uploads WHERE file_name = $1', [fileName]);
    if (!row) return null;
    return {
      userID: row.user_id,
      contentType: row.content_type,
      isPrivate: row.private,
      originalName: row.original_name,
    };
  }

  /** From now on served only to its uploader and platform admins (it became verification material). */
  async makePrivate(fileName: string): Promise<void> {
    await this.db.query('UPDATE portal_uploads SET private = true WHERE file_name = $1', [fileName]);
  }
}
