import { describe, expect, it } from 'vitest';
import { attachmentKind, inSendOrder, truncateFileName } from './attachments';

describe('attachments', () => {
  it('sends supported pictures as images, anything with video in its type as video, the rest as files', () => {
    expect(attachmentKind({ type: 'image/png' })).toBe('image');
    expect(attachmentKind({ type: 'image/webp' })).toBe('image');
    expect(attachmentKind({ type: 'image/GIF' })).toBe('image');
    expect(attachmentKind({ type: 'video/mp4' })).toBe('video');
    expect(attachmentKind({ type: 'application/x-video-thing' })).toBe('video');
    expect(attachmentKind({ type: 'image/svg+xml' })).toBe('file');
    expect(attachmentKind({ type: 'application/pdf' })).toBe('file');
    expect(attachmentKind({ type: '' })).toBe('file');
  });

  it('sends images first, then videos, then files, keeping the order within each kind', () => {
    const files = [
      { name: 'a.pdf', type: 'application/pdf' },
      { name: 'b.png', type: 'image/png' },
      { name: 'c.mp4', type: 'video/mp4' },
      { name: 'd.jpg', type: 'image/jpeg' },
      { name: 'e.zip', type: 'application/zip' },
    ];
    expect(inSendOrder(files).map((f) => f.name)).toEqual(['b.png', 'd.jpg', 'c.mp4', 'a.pdf', 'e.zip']);
  });

  it('cuts a file name after 16 width units, a non-ASCII character counting double', () => {
    expect(truncateFileName('short.txt')).toBe('short.txt');
    expect(truncateFileName('exactly16chars.x')).toBe('exactly16chars.x');
    expect(truncateFileName('quarterly_report_2026.xlsx')).toBe('quarterly_report…');
    expect(truncateFileName('二〇二六年度报告终稿.docx')).toBe('二〇二六年度报告…');
    expect(truncateFileName('报价a单b.pdf')).toBe('报价a单b.pdf');
    expect(truncateFileName('报价单ab供应商清单.pdf')).toBe('报价单ab供应商清…');
  });
});
