/** Input that stops for this long counts as no longer typing, though the text and focus remain. */
export const TYPING_IDLE_MS = 5_000;

export interface TypingChannel {
  enter(): Promise<unknown>;
  leave(): Promise<unknown>;
}

/** The composer as typing sees it: whether it holds text and has the focus. */
export interface ComposerState {
  hasText: boolean;
  hasFocus: boolean;
}

/**
 * Tells a C2C peer when the user types (spec §4 "Send flow": typing is entered or left by the
 * editor's emptiness and focus): entered on input while the editor has text and focus (the SDK
 * tells the peer at most every few seconds however often it is called), left on blur, when the
 * editor empties (a send clears it), after TYPING_IDLE_MS without input, and when the composer
 * closes; a leave goes only after an enter.
 */
export class TypingReporter {
  private isTyping = false;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly channel: TypingChannel) {}

  /** The editor's text changed. */
  input(state: ComposerState): void {
    if (!state.hasText || !state.hasFocus) {
      this.leave();
      return;
    }
    this.isTyping = true;
    void this.channel.enter().catch(ignore);
    this.restartIdleTimer();
  }

  /** Focus moved in or out of the editor (no input). */
  focus(state: ComposerState): void {
    if (!state.hasFocus || !state.hasText) this.leave();
  }

  /** The user is no longer typing here: blur, an empty editor, idleness, or the composer closing. */
  leave(): void {
    this.clearIdleTimer();
    if (!this.isTyping) return;
    this.isTyping = false;
    void this.channel.leave().catch(ignore);
  }

  private restartIdleTimer(): void {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => this.leave(), TYPING_IDLE_MS);
  }

  private clearIdleTimer(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

/**
 * Typing is a passing hint: one that fails (offline, say) is simply not shown to the peer and the
 * next input tries again; telling the user about it would be noise.
 */
function ignore(): void {}
