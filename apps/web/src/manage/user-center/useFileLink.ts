import { useEffect, useState } from 'react';
import { fetchFileLink, fileUrl } from '../../api/upload';

/** Signed links last ten minutes on the server; renewing at half that keeps one always valid. */
const RENEW_MS = 5 * 60_000;

/**
 * Where a stored file opens: the address of a public one, or a signed link to a private one,
 * fetched for the viewer and renewed while shown (null until the first arrives).
 */
export function useFileLink(fileName: string, isPrivate: boolean): string | null {
  const [link, setLink] = useState<{ fileName: string; url: string } | null>(null);

  useEffect(() => {
    if (!isPrivate) return;
    let stopped = false;
    const refresh = async () => {
      try {
        const { data } = await fetchFileLink(fileName);
        if (!stopped) setLink({ fileName, url: data.url });
      } catch {
        // The request layer has shown the server's reason; the name stays plain text.
      }
    };
    void refresh();
    const timer = setInterval(refresh, RENEW_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [fileName, isPrivate]);

  if (!isPrivate) return fileUrl(fileName);
  return link?.fileName === fileName ? link.url : null;
}
