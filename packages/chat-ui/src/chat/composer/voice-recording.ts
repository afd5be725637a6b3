/** The longest voice message (spec chat.md §2: a 60 s cap with a countdown). */
export const VOICE_MAX_SECONDS = 60;
/** The countdown shows in the last seconds before the cap. */
export const VOICE_COUNTDOWN_SECONDS = 10;
/** Sliding a held finger up this far (px) arms the cancel: releasing then cancels. */
export const VOICE_CANCEL_SLIDE_PX = 50;

/**
 * A voice recording's life, apart from the microphone: idle → recording (→ armed to cancel when a
 * held finger slides up) → sent or cancelled. Pure, so the rules are testable without a device.
 */
export type VoiceState =
  | { phase: 'idle' }
  | { phase: 'recording'; startedAt: number; isCancelArmed: boolean }
  | { phase: 'sending'; seconds: number }
  | { phase: 'cancelled' };

export type VoiceEvent =
  | { type: 'start'; at: number }
  /** Release (phones), a second click (desktop), or the cap. */
  | { type: 'stop'; at: number }
  /** Esc, or a release while armed. */
  | { type: 'cancel' }
  /** A held finger moved: dy is how far above where it went down (px, upwards positive). */
  | { type: 'slide'; dy: number }
  | { type: 'tick'; at: number }
  | { type: 'reset' };

export function voiceReducer(state: VoiceState, event: VoiceEvent): VoiceState {
  switch (event.type) {
    case 'start':
      return state.phase === 'recording' ? state : { phase: 'recording', startedAt: event.at, isCancelArmed: false };
    case 'slide':
      if (state.phase !== 'recording') return state;
      return { ...state, isCancelArmed: event.dy >= VOICE_CANCEL_SLIDE_PX };
    case 'stop':
      if (state.phase !== 'recording') return state;
      if (state.isCancelArmed) return { phase: 'cancelled' };
      return { phase: 'sending', seconds: recordedSeconds(state.startedAt, event.at) };
    case 'tick':
      if (state.phase !== 'recording' || elapsedSeconds(state.startedAt, event.at) < VOICE_MAX_SECONDS) return state;
      // The cap stops the recording and sends it, even with the cancel armed: it is no release.
      return { phase: 'sending', seconds: VOICE_MAX_SECONDS };
    case 'cancel':
      return state.phase === 'recording' ? { phase: 'cancelled' } : state;
    case 'reset':
      return { phase: 'idle' };
  }
}

/** Seconds left before the cap, shown as a countdown once at most VOICE_COUNTDOWN_SECONDS remain; else null. */
export function countdown(state: VoiceState, now: number): number | null {
  if (state.phase !== 'recording') return null;
  const left = VOICE_MAX_SECONDS - Math.floor(elapsedSeconds(state.startedAt, now));
  return left <= VOICE_COUNTDOWN_SECONDS ? Math.max(left, 0) : null;
}

function elapsedSeconds(startedAt: number, at: number): number {
  return (at - startedAt) / 1000;
}

/** Whole seconds recorded, at least 1 (a message shows at least one second), at most the cap. */
function recordedSeconds(startedAt: number, at: number): number {
  return Math.min(VOICE_MAX_SECONDS, Math.max(1, Math.round(elapsedSeconds(startedAt, at))));
}
