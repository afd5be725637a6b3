/**
 * One audio element for the whole kit, so one clip plays at a time (spec §4): playing a clip stops
 * any other; playing the clip that plays pauses it and rewinds it to the start.
 */
export interface AudioPlayer {
  /** The message whose clip is playing, or null. */
  playingID(): string | null;
  subscribe(listener: () => void): () => void;
  /** Plays this clip, or stops it if it is the one playing. */
  toggle(messageID: string, url: string): void;
  stop(): void;
}

export function createAudioPlayer(makeElement: () => HTMLAudioElement = () => new Audio()): AudioPlayer {
  let element: HTMLAudioElement | null = null;
  let playing: string | null = null;
  const listeners = new Set<() => void>();
  const set = (id: string | null) => {
    if (playing === id) return;
    playing = id;
    for (const listener of listeners) listener();
  };
  const audio = () => {
    if (!element) {
      element = makeElement();
      element.addEventListener('ended', () => set(null));
      element.addEventListener('error', () => set(null));
    }
    return element;
  };
  const stop = () => {
    if (element) {
      element.pause();
      element.currentTime = 0;
    }
    set(null);
  };
  return {
    playingID: () => playing,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toggle(messageID, url) {
      if (playing === messageID) return stop();
      stop();
      const element = audio();
      element.src = url;
      set(messageID);
      // A refused play (no user gesture, broken file) leaves the clip stopped.
      element.play()?.catch(() => {
        if (playing === messageID) set(null);
      });
    },
    stop,
  };
}

/** The kit's shared player. */
export const audioPlayer = createAudioPlayer();
