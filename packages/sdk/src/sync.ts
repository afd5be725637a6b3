import type { WireMessage } from '@liaison/protocol';
import { type BackoffOptions, backoffDelay } from './core/backoff';

export interface SyncPage {
  messageList: readonly WireMessage[];
  isCompleted: boolean;
}

export interface SequenceSyncOptions {
  /** The conversation a message belongs to, as the logged-in user sees it. */
  conversationIDOf(message: WireMessage): string;
  /** Stored messages with sequence > afterSequence, ascending (the `syncMessages` op). */
  fetchAfter(conversationID: string, afterSequence: number): Promise<SyncPage>;
  /** Called once per new message, in sequence order within a conversation. */
  deliver(message: WireMessage, conversationID: string): void;
  onError(error: unknown, conversationID: string): void;
  /** Delays of the retries of a fill that failed; tests shorten them. */
  refillBackoff?: BackoffOptions;
}

/**
 * A fill that failed (the server could not read its storage, the line went) is tried again after
 * these delays, growing, for as long as the conversation is known to hold more than was delivered:
 * otherwise a message held behind the gap would wait for the next push, which may never come.
 */
const REFILL_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 10_000, random: Math.random };

/** Pushed messages held back while their gap cannot be filled, per conversation. */
const MAX_HELD = 1_000;

/**
 * Per-conversation sequence cursors: the highest contiguous sequence this client has seen.
 * A message at cursor + 1 is delivered; at or below the cursor it is a duplicate and dropped;
 * beyond cursor + 1 the gap is filled from the server first, in order. All work on one
 * conversation runs one task at a time, so a push that arrives during a fill is handled after
 * it (and is then a duplicate).
 */
export class SequenceSync {
  private readonly cursors = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();
  /** Pushed messages beyond a gap that could not be filled yet, by conversation and sequence. */
  private readonly held = new Map<string, Map<number, WireMessage>>();
  /** The highest sequence a catch-up or hint said a conversation holds, until a fill succeeds. */
  private readonly wanted = new Map<string, number>();
  /** Conversations whose fills failed, with the failures in a row and the retry's timer. */
  private readonly refills = new Map<string, { failures: number; timer: ReturnType<typeof setTimeout> | null }>();
  /** Bumped by reset(), so that tasks started before it deliver nothing. */
  private epoch = 0;

  constructor(private readonly options: SequenceSyncOptions) {}

  /** Sets the cursor from the server's maxSequence (at login); never moves it back. */
  seed(conversationID: string, sequence: number): void {
    this.cursors.set(conversationID, Math.max(this.cursors.get(conversationID) ?? 0, sequence));
  }

  cursor(conversationID: string): number | undefined {
    return this.cursors.get(conversationID);
  }

  /**
   * A pushed (or acknowledged) message. Unsequenced messages (0) are delivered as they come. A
   * conversation without a cursor is one that began while we were online, so its first message
   * starts the cursor. Resolves when the message has been handled.
   */
  receive(message: WireMessage): Promise<void> {
    const conversationID = this.options.conversationIDOf(message);
    return this.enqueue(conversationID, (epoch) => this.handle(conversationID, message, epoch));
  }

  /**
   * The server says the conversation holds up to `maxSequence` (after a reconnect): fetch and
   * deliver whatever lies beyond the cursor. A conversation without a cursor starts at `floor`
   * (its read sequence), so that what the user has not read arrives as new.
   */
  catchUp(conversationID: string, maxSequence: number, floor = 0): Promise<void> {
    return this.enqueue(conversationID, async (epoch) => {
      if (!this.cursors.has(conversationID)) this.cursors.set(conversationID, Math.min(floor, maxSequence));
      if (maxSequence > (this.cursors.get(conversationID) ?? 0)) {
        this.wanted.set(conversationID, Math.max(maxSequence, this.wanted.get(conversationID) ?? 0));
        await this.fill(conversationID, epoch);
      }
    });
  }

  /** Forgets everything (logout); tasks in flight deliver nothing more. */
  reset(): void {
    this.epoch++;
    this.cursors.clear();
    this.queues.clear();
    this.held.clear();
    this.wanted.clear();
    for (const { timer } of this.refills.values()) if (timer !== null) clearTimeout(timer);
    this.refills.clear();
  }

  private async handle(conversationID: string, message: WireMessage, epoch: number): Promise<void> {
    const { sequence } = message;
    if (sequence === 0) {
      this.deliver(message, conversationID);
      return;
    }
    const known = this.cursors.get(conversationID);
    if (known === undefined || sequence === known + 1) {
      this.cursors.set(conversationID, sequence);
      this.deliver(message, conversationID);
      this.deliverHeld(conversationID);
      return;
    }
    if (sequence <= known) return;
    this.hold(conversationID, message);
    await this.fill(conversationID, epoch);
  }

  /**
   * Fetches pages after the cursor until the server says it is complete, delivering in order. A
   * failure schedules a retry; a success ends the retries and what was wanted.
   */
  private async fill(conversationID: string, epoch: number): Promise<void> {
    try {
      await this.fetchPages(conversationID, epoch);
    } catch (error) {
      if (epoch === this.epoch) this.scheduleRefill(conversationID);
      throw error;
    }
    if (epoch !== this.epoch) return;
    const refill = this.refills.get(conversationID);
    if (refill?.timer) clearTimeout(refill.timer);
    this.refills.delete(conversationID);
    this.wanted.delete(conversationID);
    this.deliverHeld(conversationID);
  }

  private async fetchPages(conversationID: string, epoch: number): Promise<void> {
    for (;;) {
      const after = this.cursors.get(conversationID) ?? 0;
      const page = await this.options.fetchAfter(conversationID, after);
      if (epoch !== this.epoch) return;
      const ordered = [...page.messageList].sort((a, b) => a.sequence - b.sequence);
      for (const message of ordered) {
        // The server's answer is authoritative: a sequence it skips does not exist.
        if (message.sequence > (this.cursors.get(conversationID) ?? 0)) {
          this.cursors.set(conversationID, message.sequence);
          this.deliver(message, conversationID);
        }
      }
      const advanced = (this.cursors.get(conversationID) ?? 0) > after;
      if (page.isCompleted || !advanced) return;
    }
  }

  /** One retry at a time per conversation, later after each failure in a row. */
  private scheduleRefill(conversationID: string): void {
    const refill = this.refills.get(conversationID) ?? { failures: 0, timer: null };
    this.refills.set(conversationID, refill);
    if (refill.timer !== null) return;
    refill.failures++;
    refill.timer = setTimeout(
      () => {
        refill.timer = null;
        void this.enqueue(conversationID, async (epoch) => {
          if (this.isBehind(conversationID)) await this.fill(conversationID, epoch);
          else this.refills.delete(conversationID);
        });
      },
      backoffDelay(refill.failures - 1, this.options.refillBackoff ?? REFILL_BACKOFF),
    );
    // In Node, a retry alone must not keep a process alive.
    (refill.timer as { unref?: () => void }).unref?.();
  }

  /** Whether messages are known to lie beyond the cursor: held ones, or a catch-up's or hint's. */
  private isBehind(conversationID: string): boolean {
    const cursor = this.cursors.get(conversationID) ?? 0;
    return (this.held.get(conversationID)?.size ?? 0) > 0 || (this.wanted.get(conversationID) ?? 0) > cursor;
  }

  private hold(conversationID: string, message: WireMessage): void {
    let held = this.held.get(conversationID);
    if (!held) {
      held = new Map();
      this.held.set(conversationID, held);
    }
    if (held.size < MAX_HELD) held.set(message.sequence, message);
  }

  /** Delivers held messages that have become contiguous; drops those now at or below the cursor. */
  private deliverHeld(conversationID: string): void {
    const held = this.held.get(conversationID);
    if (!held) return;
    let cursor = this.cursors.get(conversationID) ?? 0;
    for (let next = held.get(cursor + 1); next; next = held.get(cursor + 1)) {
      cursor = next.sequence;
      this.cursors.set(conversationID, cursor);
      this.deliver(next, conversationID);
    }
    for (const sequence of held.keys()) if (sequence <= cursor) held.delete(sequence);
    if (held.size === 0) this.held.delete(conversationID);
  }

  private deliver(message: WireMessage, conversationID: string): void {
    try {
      this.options.deliver(message, conversationID);
    } catch (error) {
      this.options.onError(error, conversationID);
    }
  }

  private enqueue(conversationID: string, task: (epoch: number) => Promise<void>): Promise<void> {
    const epoch = this.epoch;
    const previous = this.queues.get(conversationID) ?? Promise.resolve();
    const run = previous.then(() => (epoch === this.epoch ? task(epoch) : undefined));
    const settled = run.catch((error: unknown) => {
      if (epoch === this.epoch) this.options.onError(error, conversationID);
    });
    this.queues.set(conversationID, settled);
    void settled.then(() => {
      if (this.queues.get(conversationID) === settled) this.queues.delete(conversationID);
    });
    return settled;
  }
}
