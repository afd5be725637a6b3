import { ADMIN_LIMITS } from '@liaison/protocol';
import { z } from 'zod';
import { PortalCode, PortalError } from '../envelope';
import type { UploadStore } from '../uploads';

/**
 * A link an advertisement or video may carry: an http(s) address or a path of this site. A path
 * starting with '//' or '/\' is another host to a browser, so it is refused.
 */
export function linkSchema(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .refine((value) => value === '' || isSitePath(value) || isHttpUrl(value), `${label}须以http://、https://或/开头`);
}

export const uploadNameSchema = (label: string) =>
  z.string().trim().min(1, `请上传${label}`).max(200, `请上传${label}`);

export const titleSchema = (label: string, max: number) =>
  z.string().trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);

export const keywordSchema = z.string().trim().max(ADMIN_LIMITS.keyword, '搜索内容不能超过50个字符').optional();

/** A picture must be a public image this portal stored (`common/upload`), never an outside address. */
export async function requirePublicImage(uploads: UploadStore, fileName: string, label: string): Promise<void> {
  const file = await uploads.describe(fileName);
  if (!file || file.isPrivate || !file.contentType.startsWith('image/')) {
    throw new PortalError(PortalCode.ERROR, `${label}须为上传的图片`);
  }
}

/** Where a stored public upload is served. */
export function uploadUrl(fileName: string): string {
  return fileName ? `/prod-api${fileName}` : '';
}

function isSitePath(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value);
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
}
