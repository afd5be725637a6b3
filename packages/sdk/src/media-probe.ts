/**
 * What the browser can tell about a video or a recording before it is sent: its duration and, for
 * a video, its first frame as a JPEG (the snapshot the receiver sees before playing). Everything
 * here needs a DOM; in Node `canProbeMedia()` is false and nothing is measured.
 */

export interface VideoProbe {
  /** Whole seconds, 0 when unknown. */
  second: number;
  /** The first frame as a JPEG; null when the browser could not decode the video. */
  snapshot: Blob | null;
}

/** Give up on a file the browser cannot decode after this long. */
const PROBE_TIMEOUT_MS = 10_000;
const SNAPSHOT_QUALITY = 0.85;

export function canProbeMedia(): boolean {
  return typeof document !== 'undefined' && typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';
}

export async function probeVideo(file: Blob): Promise<VideoProbe> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    video.src = url;
    await when(video, 'loadeddata');
    const second = await durationOf(video);
    // Seek a little into the video: some browsers paint the very first frame black.
    const target = Math.min(0.1, (Number.isFinite(video.duration) ? video.duration : 0) / 2);
    if (target > 0) {
      video.currentTime = target;
      await when(video, 'seeked');
    }
    return { second, snapshot: await frameOf(video) };
  } catch {
    return { second: 0, snapshot: null };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

export async function probeAudioSeconds(file: Blob): Promise<number> {
  const url = URL.createObjectURL(file);
  const audio = document.createElement('audio');
  audio.preload = 'metadata';
  try {
    audio.src = url;
    await when(audio, 'loadedmetadata');
    return await durationOf(audio);
  } catch {
    return 0;
  } finally {
    audio.removeAttribute('src');
    URL.revokeObjectURL(url);
  }
}

/** Whole seconds. A MediaRecorder file says Infinity until the element has seeked to its end. */
async function durationOf(media: HTMLMediaElement): Promise<number> {
  if (!Number.isFinite(media.duration)) {
    media.currentTime = Number.MAX_SAFE_INTEGER;
    await when(media, 'durationchange').catch(() => undefined);
    media.currentTime = 0;
  }
  return Number.isFinite(media.duration) ? Math.max(0, Math.round(media.duration)) : 0;
}

function frameOf(video: HTMLVideoElement): Promise<Blob | null> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (width === 0 || height === 0) return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/jpeg', SNAPSHOT_QUALITY));
}

function when(target: HTMLMediaElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no ${event} within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    const handleEvent = () => finish(null);
    const handleError = () => finish(new Error('the browser cannot decode this file'));
    function finish(error: Error | null) {
      clearTimeout(timer);
      target.removeEventListener(event, handleEvent);
      target.removeEventListener('error', handleError);
      if (error) reject(error);
      else resolve();
    }
    target.addEventListener(event, handleEvent);
    target.addEventListener('error', handleError);
  });
}
