import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bigFaceSource } from './face-source';
import type { MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';

/** A big face (sticker): its picture from the kit's big-face sets, else a labelled placeholder. */
export const FaceMessage: MessageRenderer = ({ message }) => {
  const { t } = useTranslation('message');
  const { payload } = message as MessageOf<'TIMFaceElem'>;
  const [isBroken, setBroken] = useState(false);
  const src = bigFaceSource(payload.index, payload.data);
  if (!src || isBroken) {
    return (
      <span className="lc-face lc-face--missing" role="img" aria-label={t('sticker')}>
        {t('stickerFallback', { name: payload.data })}
      </span>
    );
  }
  return (
    <img
      className="lc-face"
      src={src}
      alt={t('sticker')}
      title={payload.data}
      width={120}
      height={120}
      draggable={false}
      onError={() => setBroken(true)}
    />
  );
};
FaceMessage.layout = 'media';
