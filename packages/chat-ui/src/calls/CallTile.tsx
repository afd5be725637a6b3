import type { NetworkQuality } from '@liaison/sdk';
import { memo, useEffect, useRef } from 'react';
import { Avatar } from '../common/Avatar';
import { useCallText } from '../i18n/call-text';
import { CallIcon } from './icons';

export interface CallTileProps {
  name: string;
  avatar: string;
  /** Shown as video while there is one and the camera is on; else the avatar. */
  stream: MediaStream | null;
  isCameraOff: boolean;
  isMicMuted: boolean;
  /** Mine: mirrored, like a mirror, as people expect of their own preview. */
  isLocal?: boolean;
  /** Remote participants only. */
  quality?: NetworkQuality;
  /** Invited, not joined yet. */
  isWaiting?: boolean;
  className?: string;
}

/**
 * One person in the call: their video (always muted: sound plays through CallAudio, so that it
 * goes on while the window is minimised) or their avatar, their name, and marks for a muted
 * microphone, a camera turned off and the network's quality.
 */
export const CallTile = memo(function CallTile(props: CallTileProps) {
  const t = useCallText();
  const showsVideo = props.stream !== null && !props.isCameraOff;
  return (
    <figure
      className={`lc-call-tile${props.isLocal ? ' lc-call-tile--local' : ''}${props.isWaiting ? ' lc-call-tile--waiting' : ''}${props.className ? ` ${props.className}` : ''}`}
    >
      {showsVideo && props.stream ? (
        <StreamVideo stream={props.stream} isMirrored={props.isLocal === true} />
      ) : (
        <div className="lc-call-tile__avatar">
          <Avatar url={props.avatar} size={64} />
        </div>
      )}
      <figcaption className="lc-call-tile__caption">
        <bdi className="lc-call-tile__name">{props.name}</bdi>
        {props.isMicMuted && (
          <span className="lc-call-tile__mark" role="img" aria-label={t('micOffMark')} title={t('micOffMark')}>
            <CallIcon name="micOff" size={14} />
          </span>
        )}
        {props.isCameraOff && (
          <span className="lc-call-tile__mark" role="img" aria-label={t('cameraOffMark')} title={t('cameraOffMark')}>
            <CallIcon name="cameraOff" size={14} />
          </span>
        )}
        {props.isWaiting && <span className="lc-call-tile__waiting">{t('calling')}</span>}
        {props.quality !== undefined && <QualityBars quality={props.quality} />}
      </figcaption>
    </figure>
  );
});

/** A stream in a muted, inline video element (srcObject is no attribute: set it on the element). */
export function StreamVideo({ stream, isMirrored = false }: { stream: MediaStream; isMirrored?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={video}
      className={`lc-call-tile__video${isMirrored ? ' lc-call-tile__video--mirrored' : ''}`}
      autoPlay
      playsInline
      muted
    />
  );
}

/** Four bars, as many lit as the quality is good (1 best … 5 bad; 0 unknown lights none). */
function QualityBars({ quality }: { quality: NetworkQuality }) {
  const t = useCallText();
  const lit = quality === 0 ? 0 : Math.max(1, 5 - quality);
  const label = t(`quality${quality}`);
  return (
    <span
      className={`lc-call-quality lc-call-quality--${quality >= 4 ? 'poor' : 'ok'}`}
      role="img"
      aria-label={label}
      title={label}
    >
      {[1, 2, 3, 4].map((bar) => (
        <span key={bar} className={`lc-call-quality__bar${bar <= lit ? ' lc-call-quality__bar--lit' : ''}`} />
      ))}
    </span>
  );
}
