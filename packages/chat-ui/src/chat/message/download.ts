/**
 * Saves a file the user can read: fetched as a blob (file URLs carry the viewer's token and are
 * served as attachments), then handed to the browser as a download under its own name: the one it
 * was sent with, as the server names it (an image's payload has none), else `fileName`.
 */
export async function downloadAsBlob(url: string, fileName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`download failed: HTTP ${response.status}`);
  const sentName = nameInDisposition(response.headers.get('content-disposition'));
  const blob = await response.blob();
  const objectURL = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectURL;
    link.download = sentName || fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; give the browser a moment before the URL is released.
    setTimeout(() => URL.revokeObjectURL(objectURL), 10_000);
  }
}

/** The file name of a Content-Disposition header (RFC 6266: filename* in UTF-8 first, then filename). */
export function nameInDisposition(header: string | null): string {
  if (!header) return '';
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain filename parameter.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? '';
}
