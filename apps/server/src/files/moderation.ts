import type { UploadKind } from '@liaison/protocol';
import type { Detected } from './sniff';

/** What a moderation provider sees of an upload before it is kept. */
export interface UploadedFile {
  kind: UploadKind;
  fileName: string;
  size: number;
  /** The first bytes (up to SNIFF_BYTES). */
  head: Uint8Array;
  detected: Detected | null;
  /** Of the bytes as uploaded. */
  sha256: string;
}

/** Decides which uploads are banned (FILE_BANNED, 4005); a deployment may plug in its own. */
export interface FileModeration {
  isBanned(file: UploadedFile): boolean | Promise<boolean>;
}

/** Formats that run as programs where they land, by what file-type calls them. */
const EXECUTABLE_EXTS = new Set(['exe', 'elf', 'macho', 'class', 'wasm', 'dex', 'lnk']);

/** Leading bytes of programs (PE, ELF, Mach-O thin and fat, Windows shortcuts). */
const EXECUTABLE_MAGIC = [
  [0x7f, 0x45, 0x4c, 0x46], // \x7fELF
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal (and Java classes)
  [0x4c, 0x00, 0x00, 0x00, 0x01, 0x14, 0x02, 0x00], // .lnk
];

/**
 * Scripts a double click runs: anything with a shebang; Windows batch files; PowerShell,
 * VBScript/JScript and HTML applications by their telltale statements near the top.
 */
const SCRIPT_SIGNS = [
  /^\s*@?echo\s+off\b/im,
  /^\s*@?(setlocal|goto\s+:?\w+|call\s+:\w+)\b/im,
  /\b(Set-ExecutionPolicy|Invoke-Expression|Invoke-WebRequest|Start-Process|New-Object\s+System\.Net\.WebClient|DownloadString)\b/i,
  /^\s*(param\s*\(|\[CmdletBinding\(\)\])/im,
  /\b(WScript\.(Shell|CreateObject|Echo)|CreateObject\s*\(\s*"(WScript|Scripting|Shell)\.)/i,
  /\bnew\s+ActiveXObject\s*\(/i,
  /<\s*hta:application\b/i,
];

/** The default provider: executables and scripts by their content, whatever they are named. */
export const executablesAndScripts: FileModeration = {
  isBanned(file) {
    if (file.detected && EXECUTABLE_EXTS.has(file.detected.ext)) return true;
    const head = file.head;
    if (EXECUTABLE_MAGIC.some((magic) => magic.every((byte, i) => head[i] === byte))) return true;
    // MZ (DOS/PE: .exe, .dll, .scr): its header is full of zero bytes, unlike a text that starts "MZ".
    if (head[0] === 0x4d && head[1] === 0x5a && head.subarray(2, 64).includes(0)) return true;
    const text = Buffer.from(head.subarray(0, 4096))
      .toString('latin1')
      .replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
    if (text.startsWith('#!')) return true;
    // Text only: a binary format's bytes may spell anything by chance.
    if (file.detected !== null || text.includes('\0')) return false;
    return SCRIPT_SIGNS.some((sign) => sign.test(text));
  },
};
