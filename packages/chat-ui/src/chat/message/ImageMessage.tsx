import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useKit } from '../../core/kit-context';
import { LazyImagePreviewer } from '../preview/LazyImagePreviewer';
import { useImagePreview } from '../preview/preview-context';
import { type PreviewImage, toPreviewImage } from '../preview/preview-image';
import { fitMediaBox, useMediaMaxPx } from './media-size';
import { isUploadDone, type MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';

/**
 * An image message: the large size (≤ 720 px) in a box sized from the image's dimensions before it
 * loads, so the row never grows under the list (spec §5: 300 px; on phones min(app width − 180,
 * 300)). Clicking opens the previewer once the upload is done (spec §4).
 */
export const ImageMessage: MessageRenderer = ({ message }) => {
  const { t } = useTranslation('message');
  const { isH5 } = useKit();
  const preview = useImagePreview();
  const [ownPreview, setOwnPreview] = useState<PreviewImage | null>(null);
  const image = message as MessageOf<'TIMImageElem'>;
  const [original, large, small] = image.payload.imageInfoArray;
  const shown = large?.url ? large : (original ?? small);
  const dimensions = original?.width ? original : shown;
  const max = useMediaMaxPx('image', isH5);
  const box = fitMediaBox(dimensions?.width ?? 0, dimensions?.height ?? 0, max);
  const canOpen = isUploadDone(message) && Boolean(shown?.url);

  const handleOpen = () => {
    const target = toPreviewImage(image);
    if (preview) preview.openImage(target);
    else setOwnPreview(target);
  };

  const picture = (
    <img
      className="lc-image__picture"
      src={shown?.url}
      alt={t('image')}
      width={box?.width}
      height={box?.height}
      draggable={false}
    />
  );
  return (
    <div className="lc-image" style={box ? { width: box.width, height: box.height } : undefined}>
      {canOpen ? (
        <button type="button" className="lc-image__open" aria-label={t('openImage')} onClick={handleOpen}>
          {picture}
        </button>
      ) : (
        picture
      )}
      {ownPreview &&
        createPortal(
          <LazyImagePreviewer images={[ownPreview]} initialIndex={0} onClose={() => setOwnPreview(null)} />,
          document.body,
        )}
    </div>
  );
};
ImageMessage.layout = 'media';
