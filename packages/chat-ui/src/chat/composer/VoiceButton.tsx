import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKit } from '../../core/kit-context';
import { ToolbarIcon } from './icons';
import { countdown, type VoiceState, voiceReducer } from './voice-recording';

export interface VoiceButtonProps {
  /** Sends the recording (a File named voice.*) with its length in whole seconds. */
  onRecorded(file: File, second: number): void;
  onError(message: string): void;
}

const TICK_MS = 250;

/**
 * Voice messages (spec chat.md §2): click to record and click again to send on desktop; hold to
 * speak on phones, release to send, slide up to cancel. Escape cancels. MediaRecorder records the
 * microphone; at 60 s the recording stops and is sent, with a countdown over the last seconds.
 */
export function VoiceButton({ onRecorded, onError }: VoiceButtonProps) {
  const { isH5 } = useKit();
  const { t } = useTranslation('chat');
  const [state, dispatch] = useReducer(voiceReducer, { phase: 'idle' } satisfies VoiceState);
  const [now, setNow] = useState(() => Date.now());
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const pointerStartY = useRef(0);
  /** Set when the person let go (or cancelled) before the microphone was granted. */
  const abandoned = useRef(false);
  const latest = useRef({ onRecorded, onError });
  latest.current = { onRecorded, onError };

  const start = async () => {
    abandoned.current = false;
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      latest.current.onError(t('voiceUnavailable', { message: 'MediaRecorder' }));
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      if (abandoned.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const mimeType = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg', 'audio/mp4'].find((type) =>
        MediaRecorder.isTypeSupported(type),
      );
      const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      chunks.current = [];
      media.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.current.push(event.data);
      });
      media.start();
      recorder.current = media;
      dispatch({ type: 'start', at: Date.now() });
    } catch (error) {
      latest.current.onError(
        t('voiceUnavailable', { message: error instanceof Error ? error.message : String(error) }),
      );
    }
  };

  // Ticks drive the countdown and the 60 s cap while recording; Escape cancels.
  useEffect(() => {
    if (state.phase !== 'recording') return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      dispatch({ type: 'tick', at });
    }, TICK_MS);
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch({ type: 'cancel' });
    };
    document.addEventListener('keydown', handleKey);
    return () => {
      clearInterval(timer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [state.phase]);

  // Leaving recording: stop the microphone, then send or drop what was recorded.
  useEffect(() => {
    if (state.phase !== 'sending' && state.phase !== 'cancelled') return;
    const media = recorder.current;
    recorder.current = null;
    const seconds = state.phase === 'sending' ? state.seconds : 0;
    dispatch({ type: 'reset' });
    if (!media) return;
    media.addEventListener(
      'stop',
      () => {
        for (const track of media.stream.getTracks()) track.stop();
        if (seconds === 0 || chunks.current.length === 0) return;
        const type = media.mimeType || 'audio/webm';
        const extension = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
        const file = new File(chunks.current, `voice.${extension}`, { type });
        latest.current.onRecorded(file, seconds);
      },
      { once: true },
    );
    media.stop();
  }, [state]);

  // A recording in progress when the composer goes away is dropped.
  useEffect(
    () => () => {
      abandoned.current = true;
      const media = recorder.current;
      if (media && media.state !== 'inactive') {
        media.stop();
        for (const track of media.stream.getTracks()) track.stop();
      }
    },
    [],
  );

  const isRecording = state.phase === 'recording';
  const left = countdown(state, now);
  const status = !isRecording
    ? ''
    : isH5
      ? state.isCancelArmed
        ? t('voiceReleaseToCancel')
        : t('voiceSlideToCancel')
      : t('voiceRecording');

  const desktopProps = {
    onClick: () => {
      if (isRecording) dispatch({ type: 'stop', at: Date.now() });
      else void start();
    },
  };
  const phoneProps = {
    onPointerDown: (event: React.PointerEvent<HTMLButtonElement>) => {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      pointerStartY.current = event.clientY;
      void start();
    },
    onPointerMove: (event: React.PointerEvent) =>
      dispatch({ type: 'slide', dy: pointerStartY.current - event.clientY }),
    onPointerUp: () => {
      abandoned.current = true;
      dispatch({ type: 'stop', at: Date.now() });
    },
    onPointerCancel: () => {
      abandoned.current = true;
      dispatch({ type: 'cancel' });
    },
    onContextMenu: (event: React.MouseEvent) => event.preventDefault(),
  };

  return (
    <>
      <button
        type="button"
        className={`lc-icon-button${isRecording ? ' lc-icon-button--active' : ''}${isH5 ? ' lc-voice__hold' : ''}`}
        aria-label={isRecording && !isH5 ? t('voiceStop') : isH5 ? t('holdToTalk') : t('recordVoice')}
        title={isH5 ? t('holdToTalk') : t('recordVoice')}
        aria-pressed={isRecording}
        {...(isH5 ? phoneProps : desktopProps)}
      >
        <ToolbarIcon name="voice" />
      </button>
      {isRecording && (
        <div
          className={`lc-voice__status${isH5 ? ' lc-voice__status--floating' : ''}${state.isCancelArmed ? ' lc-voice__status--cancel' : ''}`}
          role="status"
        >
          <span className="lc-voice__dot" aria-hidden="true" />
          <span>{status}</span>
          {left !== null && <span className="lc-voice__countdown">{t('voiceCountdown', { count: left })}</span>}
        </div>
      )}
    </>
  );
}
