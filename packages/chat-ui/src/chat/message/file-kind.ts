/** What a file card's icon says, decided from the file name's extension. */
export type FileKind =
  | 'pdf'
  | 'doc'
  | 'sheet'
  | 'slides'
  | 'image'
  | 'audio'
  | 'video'
  | 'archive'
  | 'text'
  | 'code'
  | 'file';

const KINDS: Record<string, FileKind> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'doc',
  odt: 'doc',
  rtf: 'doc',
  pages: 'doc',
  xls: 'sheet',
  xlsx: 'sheet',
  csv: 'sheet',
  ods: 'sheet',
  numbers: 'sheet',
  ppt: 'slides',
  pptx: 'slides',
  odp: 'slides',
  key: 'slides',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  bmp: 'image',
  webp: 'image',
  svg: 'image',
  heic: 'image',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  aac: 'audio',
  ogg: 'audio',
  flac: 'audio',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  avi: 'video',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  tar: 'archive',
  gz: 'archive',
  tgz: 'archive',
  txt: 'text',
  md: 'text',
  log: 'text',
  json: 'code',
  xml: 'code',
  html: 'code',
  js: 'code',
  ts: 'code',
};

export function fileKindOf(fileName: string): FileKind {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return 'file';
  return KINDS[fileName.slice(dot + 1).toLowerCase()] ?? 'file';
}

/** The short label on the icon: the extension in capitals (at most four letters), or FILE. */
export function fileBadge(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1);
  return /^[A-Za-z0-9]{1,4}$/.test(extension) ? extension.toUpperCase() : 'FILE';
}

/** Bytes as B, KB, MB or GB with at most one decimal. */
export function formatFileSize(bytes: number): string {
  if (!(bytes > 0)) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : value.toFixed(value >= 100 ? 0 : 1).replace(/\.0$/, '');
  return `${text} ${units[unit]}`;
}
