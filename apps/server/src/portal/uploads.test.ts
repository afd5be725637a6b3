import { describe, expect, it } from 'vitest';
import { sniffUpload } from './uploads';

const OLE = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const zip = (...entries: string[]) =>
  Buffer.concat(
    entries.map((name) => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(26), Buffer.from(name)])),
  );

describe('sniffUpload', () => {
  it('tells Office formats by their container and parts', () => {
    expect(sniffUpload(OLE, 'a.doc')?.ext).toBe('doc');
    expect(sniffUpload(OLE, 'a.XLS')?.ext).toBe('xls');
    expect(sniffUpload(zip('[Content_Types].xml', 'word/document.xml'), 'a.docx')?.ext).toBe('docx');
    expect(sniffUpload(zip('[Content_Types].xml', 'xl/workbook.xml'), 'a.xlsx')?.ext).toBe('xlsx');
    expect(sniffUpload(zip('[Content_Types].xml', 'ppt/presentation.xml'), 'a.pptx')?.ext).toBe('pptx');
  });

  it('refuses a plain ZIP, a workbook named .docx and an OLE file named .exe', () => {
    expect(sniffUpload(zip('payload.exe'), 'a.docx')).toBeNull();
    expect(sniffUpload(zip('[Content_Types].xml', 'xl/workbook.xml'), 'a.docx')).toBeNull();
    expect(sniffUpload(OLE, 'a.exe')).toBeNull();
  });

  it('takes text only as valid UTF-8 without control bytes', () => {
    expect(sniffUpload(Buffer.from('第一行\r\n\tsecond line\n'), 'notes.txt')?.ext).toBe('txt');
    expect(sniffUpload(Buffer.from([0x61, 0x00, 0x62]), 'notes.txt')).toBeNull();
    expect(sniffUpload(Buffer.from([0xc3, 0x28]), 'notes.txt')).toBeNull();
  });

  it('takes SVG only without scripts, handlers or foreign objects', () => {
    const ok = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>';
    expect(sniffUpload(Buffer.from(ok), 'a.svg')?.contentType).toBe('image/svg+xml');
    for (const bad of [
      '<svg><script>alert(1)</script></svg>',
      '<svg><rect onclick="alert(1)"/></svg>',
      '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg><foreignObject><iframe src="x"/></foreignObject></svg>',
      '<html><svg></svg></html>',
    ]) {
      expect(sniffUpload(Buffer.from(bad), 'a.svg')).toBeNull();
    }
  });

  it('refuses a file without an extension', () => {
    expect(sniffUpload(Buffer.from('%PDF-1.7'), 'document')).toBeNull();
  });
});
