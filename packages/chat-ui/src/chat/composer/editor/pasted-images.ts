/**
 * Pictures pasted or dropped into a composer, by the key their editor node holds: the document
 * keeps only the key (ProseMirror nodes hold plain values), the File and its preview URL live here
 * until the picture is sent.
 */
const images = new Map<string, { file: File; url: string }>();
let lastKey = 0;

/** Keeps `file` for an image node; returns the node's key. */
export function keepPastedImage(file: File): string {
  const key = `pasted-${++lastKey}`;
  images.set(key, { file, url: URL.createObjectURL(file) });
  return key;
}

export function pastedImage(key: string): { file: File; url: string } | undefined {
  return images.get(key);
}

/** The file of a node being sent, let go of here (with its preview URL). */
export function takePastedImage(key: string): File | undefined {
  const image = images.get(key);
  if (!image) return undefined;
  images.delete(key);
  URL.revokeObjectURL(image.url);
  return image.file;
}
