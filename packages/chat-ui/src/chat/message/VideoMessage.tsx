import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useKit } from '../../core/kit-context';
import { fitMediaBox, useMediaMaxPx } from './media-size';
import { isUploadDone, type MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';
import { VideoDialog } from './VideoDialog';

/** A video without a snapshot still gets a box of this shape, so the row does not jump when it plays. */
const DEFAULT_ASPECT = { width: 16, height: 9 };

/**
 * A video message: the snapshot as poster with a play button, in a box sized before it loads
 * (spec §5: 300 px; on phones min(list width − 172, 300)). It plays inline on desktop and in a
 * full-screen dialog on phones (spec §2).
 */
export const VideoMessage: MessageRenderer = ({ message }) => {
  const { t } = useTranslation('message');
  const { isH5 } = useKit();
  const [isPlaying, setPlaying] = useState(false);
  const { payload } = message as MessageOf<'TIMVideoFileElem'>;
  const max = useMediaMaxPx('video', isH5);
  const box =
    fitMediaBox(payload.snapshotWidth, payload.snapshotHeight, max) ??
    fitMediaBox(DEFAULT_ASPECT.width * 100, DEFAULT_ASPECT.height * 100, max);
  const source = payload.remoteVideoUrl || payload.videoUrl;
  const canPlay = isUploadDone(message) && Boolean(source);
  const poster = payload.snapshotUrl || payload.thumbUrl || undefined;

  if (isPlaying && !isH5) {
    return (
      <div className="lc-video" style={box}>
        {/* biome-ignore lint/a11y/useMediaCaption: user videos come without captions */}
        <video className="lc-video__player" src={source} poster={poster} controls autoPlay playsInline />
      </div>
    );
  }
  return (
    <div className="lc-video" style={box}>
      {poster ? (
        <img className="lc-video__poster" src={poster} alt={t('video')} width={box?.width} height={box?.height} />
      ) : (
        <span className="lc-video__poster lc-video__poster--none" role="img" aria-label={t('video')} />
      )}
      {canPlay && (
        <button type="button" className="lc-video__play" aria-label={t('playVideo')} onClick={() => setPlaying(true)}>
          <span aria-hidden="true">▶</span>
        </button>
      )}
      {payload.videoSecond > 0 && <span className="lc-video__duration">{formatDuration(payload.videoSecond)}</span>}
      {isPlaying &&
        isH5 &&
        createPortal(<VideoDialog source={source} poster={poster} onClose={() => setPlaying(false)} />, document.body)}
    </div>
  );
};
VideoMessage.layout = 'media';

/** Seconds as m:ss (or h:mm:ss). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
