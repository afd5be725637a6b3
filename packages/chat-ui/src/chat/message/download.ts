/**
 * Saves a file the user can read: fetched as a blob (file URLs carry the viewer's token and are
 * served as attachments), then handed to the browser as a download under its own name.
 */
export async function downloadAsBlob(url: string, fileName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`download failed: HTTP ${response.status}`);
  const blob = await response.blob();
  const objectURL = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectURL;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; give the browser a moment before the URL is released.
    setTimeout(() => URL.revokeObjectURL(objectURL), 10_000);
  }
}
