/**
 * The ringtone of an incoming call, made with WebAudio (no sound file to download): two mixed
 * tones (440 Hz + 480 Hz, the North American ring) for a second, then three seconds of quiet,
 * repeated until stopped. Where the page has no WebAudio, or the browser keeps audio from
 * starting before the user touched the page, it stays silent: the dialog still shows.
 */
export class Ringtone {
  private context: AudioContext | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly AudioContextImpl: typeof AudioContext | undefined = globalThis.AudioContext) {}

  start(): void {
    if (this.context || !this.AudioContextImpl) return;
    try {
      this.context = new this.AudioContextImpl();
    } catch {
      return;
    }
    void this.context.resume().catch(() => undefined);
    this.ring();
    this.timer = setInterval(() => this.ring(), CYCLE_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }

  private ring(): void {
    const context = this.context;
    if (!context) return;
    const start = context.currentTime + 0.02;
    const gain = context.createGain();
    // A soft attack and release: a hard-edged tone clicks.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(VOLUME, start + 0.03);
    gain.gain.setValueAtTime(VOLUME, start + TONE_S - 0.03);
    gain.gain.linearRampToValueAtTime(0, start + TONE_S);
    gain.connect(context.destination);
    for (const frequency of [440, 480]) {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(start);
      oscillator.stop(start + TONE_S);
    }
  }
}

const TONE_S = 1;
const CYCLE_MS = 4_000;
const VOLUME = 0.15;
