import { request } from './client';
import { API_BASE } from './request';
import type { UploadResult } from './types';

export function uploadFile(file: File): Promise<UploadResult> {
  const data = new FormData();
  data.append('file', file);
  return request({ url: '/common/upload', method: 'POST', data });
}

/** Where a stored file (a `fileName` from the upload) can be opened. */
export function fileUrl(fileName: string): string {
  return `${API_BASE}${fileName}`;
}
