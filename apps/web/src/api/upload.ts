import { request } from './client';
import { API_BASE } from './request';
import type { Envelope, UploadResult } from './types';

/** Private files (identity documents, licences) are served only to their owner and to admins. */
export type Visibility = 'public' | 'private';

export function uploadFile(file: File, visibility: Visibility = 'public'): Promise<UploadResult> {
  const data = new FormData();
  data.append('file', file);
  return request({ url: '/common/upload', method: 'POST', params: { visibility }, data });
}

/** Where a stored public file (a `fileName` from the upload) can be opened. */
export function fileUrl(fileName: string): string {
  return `${API_BASE}${fileName}`;
}

/** A link the caller may open a stored file by: signed and short-lived for a private one. */
export function fetchFileLink(fileName: string): Promise<Envelope<{ url: string; expiresAt: number | null }>> {
  return request({ url: '/common/file/link', params: { fileName } });
}
