import { useEffect, useRef } from 'react';
import { useCallView } from './use-call';

/**
 * The others' voices, one hidden audio element per remote stream, mounted apart from the call
 * window so that minimising it (or a tile re-rendering) never cuts the sound. Videos are muted.
 */
export function CallAudio() {
  const streams = useCallView((view) => view.remoteStreams);
  return (
    <div hidden>
      {[...streams].map(([userID, stream]) => (
        <StreamAudio key={userID} stream={stream} />
      ))}
    </div>
  );
}

function StreamAudio({ stream }: { stream: MediaStream }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.srcObject = stream;
  }, [stream]);
  // biome-ignore lint/a11y/useMediaCaption: a live call's voice has no captions to give.
  return <audio ref={audio} autoPlay />;
}
