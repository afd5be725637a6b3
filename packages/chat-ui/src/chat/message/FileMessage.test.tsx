// @vitest-environment jsdom

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { FileMessage } from './FileMessage';
import { fileBadge, fileKindOf, formatFileSize } from './file-kind';
import { makeMessage, NO_SDK } from './test-messages';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// A file host on this machine: /f answers the bytes as an attachment, anything else 404.
let host: Server;
let base = '';
beforeAll(async () => {
  host = createServer((request, response) => {
    if (!request.url?.startsWith('/f')) return void response.writeHead(404).end('gone');
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment' });
    response.end('hello');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

const file = (fileName: string, patch = {}, path = '/f?token=t') =>
  makeMessage(
    'TIMFileElem',
    { uuid: 'file-uuid-0000000000', fileName, fileSize: 2_621_440, fileUrl: `${base}${path}`, downloadFlag: 2 },
    patch,
  );

describe('FileMessage', () => {
  it('shows an icon by type, the name and the size', () => {
    const { container } = renderInKit(NO_SDK, <FileMessage message={file('Quarterly report.pdf')} />);
    expect(screen.getByText('Quarterly report.pdf')).toBeTruthy();
    expect(screen.getByText('2.5 MB')).toBeTruthy();
    expect(container.querySelector('.lc-file__icon--pdf')?.textContent).toBe('PDF');
  });

  it('downloads the file as a blob under its own name', async () => {
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:saved';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderInKit(NO_SDK, <FileMessage message={file('parts.xlsx')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download parts.xlsx' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(await saved?.text()).toBe('hello');
    expect(clicked[0]?.download).toBe('parts.xlsx');
    expect(clicked[0]?.href).toBe('blob:saved');
  });

  it('says so when the download fails', async () => {
    renderInKit(NO_SDK, <FileMessage message={file('gone.zip', {}, '/missing')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download gone.zip' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Download failed');
  });

  it('offers no download without the DownloadFile feature or while uploading', () => {
    renderInKit(NO_SDK, <FileMessage message={file('a.txt')} />, { features: { DownloadFile: false } });
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    cleanup();
    renderInKit(NO_SDK, <FileMessage message={file('a.txt', { status: 'unSend', progress: 0.3 })} />);
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('names kinds and sizes', () => {
    expect(fileKindOf('a.DOCX')).toBe('doc');
    expect(fileKindOf('noextension')).toBe('file');
    expect(fileBadge('archive.tar.gz')).toBe('GZ');
    expect(fileBadge('weird.<script>')).toBe('FILE');
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(100 * 1024 * 1024)).toBe('100 MB');
  });
});
