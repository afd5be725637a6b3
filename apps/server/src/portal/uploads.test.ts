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

  it('refuses SVG links to javascript: spelled with character references, however they are written', () => {
    const link = (href: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a ${href}><text>x</text></a></svg>`;
    for (const scheme of [
      '&#106;avascript:alert(1)',
      '&#106avascript:alert(1)',
      '&#0000106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      '&#X6a;avascript:alert(1)',
      '&#x6a;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3a;alert(1)',
      'java&#115;cript&#58;alert(1)',
      'JaVa&#x53;cRiPt&#x3A;alert(1)',
      'java&#9;script:alert(1)',
      'java&#x0A;script:alert(1)',
      ' java\tscript:alert(1)',
      'javascript&colon;alert(1)',
    ]) {
      for (const attribute of ['href', 'xlink:href']) {
        expect(
          sniffUpload(Buffer.from(link(`${attribute}="${scheme}"`)), 'a.svg'),
          `${attribute}=${scheme}`,
        ).toBeNull();
      }
    }
    const declared =
      '<!DOCTYPE svg [<!ENTITY j "&#106;">]><svg xmlns="http://www.w3.org/2000/svg"><a href="&j;avascript:x"/></svg>';
    expect(sniffUpload(Buffer.from(declared), 'a.svg')).toBeNull();
  });

  it('takes SVG with ordinary character references and links', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="https://example.com/?a=1&amp;b=2"><text>&#20320;&#x597D; &lt;3</text></a></svg>';
    expect(sniffUpload(Buffer.from(svg), 'a.svg')?.ext).toBe('svg');
  });

  it('refuses a file without an extension', () => {
    expect(sniffUpload(Buffer.from('%PDF-1.7'), 'document')).toBeNull();
  });
});
