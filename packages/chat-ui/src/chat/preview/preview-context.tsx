import type { Message } from '@liaison/sdk';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { LazyImagePreviewer } from './LazyImagePreviewer';
import { type PreviewImage, previewableImages } from './preview-image';

/** Opens the previewer on a picture, paging through the pictures of the list around it. */
export interface ImagePreviewOpener {
  openImage(image: PreviewImage): void;
}

const PreviewContext = createContext<ImagePreviewOpener | null>(null);

/**
 * Gives the messages inside it one image previewer over all their pictures (a conversation's
 * list, or one level of a merged record). The previewer is drawn over the whole page.
 */
export function ImagePreviewProvider({ messages, children }: { messages: readonly Message[]; children: ReactNode }) {
  const [openID, setOpenID] = useState<string | null>(null);
  const [single, setSingle] = useState<PreviewImage | null>(null);
  const images = useMemo(() => (openID ? previewableImages(messages) : []), [messages, openID]);
  const openImage = useCallback((image: PreviewImage) => {
    setSingle(image);
    setOpenID(image.id);
  }, []);
  const value = useMemo(() => ({ openImage }), [openImage]);
  // The clicked picture is always there, even if the list has not got it (e.g. still uploading).
  const shown = images.some((image) => image.id === openID) ? images : single ? [single] : [];
  const index = shown.findIndex((image) => image.id === openID);
  return (
    <PreviewContext.Provider value={value}>
      {children}
      {openID &&
        index >= 0 &&
        createPortal(
          <LazyImagePreviewer images={shown} initialIndex={index} onClose={() => setOpenID(null)} />,
          document.body,
        )}
    </PreviewContext.Provider>
  );
}

/** The nearest previewer, or null outside any list (then a picture opens one of its own). */
export function useImagePreview(): ImagePreviewOpener | null {
  return useContext(PreviewContext);
}
