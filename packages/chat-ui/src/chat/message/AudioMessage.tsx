import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isAudioPlayed, markAudioPlayed } from './audio-played';
import { audioPlayer } from './audio-player';
import type { MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';

/** spec §5: 10 px per second plus 20 px, at least one second shown. */
export function audioBubbleWidth(seconds: number): number {
  return Math.max(1, seconds) * 10 + 20;
}

/**
 * A voice message: a bubble as long as the clip, its duration, play/pause (one clip at a time) and,
 * for incoming clips, a red dot until it is played (remembered under TUI_CHAT_STORAGE).
 */
export const AudioMessage: MessageRenderer = ({ message }) => {
  const { t } = useTranslation('message');
  const { payload } = message as MessageOf<'TIMSoundElem'>;
  const second = Math.max(1, Math.round(payload.second));
  const isPlaying = useSyncExternalStore(
    audioPlayer.subscribe,
    () => audioPlayer.playingID() === message.ID,
    () => false,
  );
  const [isPlayed, setPlayed] = useState(() => message.flow === 'out' || isAudioPlayed(message.ID));
  const url = payload.remoteAudioUrl || payload.url;

  const handleToggle = () => {
    audioPlayer.toggle(message.ID, url);
    if (!isPlayed) {
      markAudioPlayed(message.ID);
      setPlayed(true);
    }
  };

  return (
    <span className="lc-audio__line">
      <button
        type="button"
        className={`lc-audio${isPlaying ? ' lc-audio--playing' : ''}`}
        style={{ width: audioBubbleWidth(payload.second) }}
        aria-label={t('audio', { second })}
        aria-pressed={isPlaying}
        disabled={!url}
        onClick={handleToggle}
      >
        <span className="lc-audio__icon" aria-hidden="true">
          {isPlaying ? '❚❚' : '▶'}
        </span>
        <span className="lc-audio__second">{second}″</span>
      </button>
      {!isPlayed && <span className="lc-audio__unplayed" role="img" aria-label={t('unplayed')} />}
    </span>
  );
};
