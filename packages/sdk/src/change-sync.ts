import type { OpResponse } from '@liaison/protocol';

/** One page of `syncMessageChanges`: changed messages as they are now, my deletions, the next cursor. */
export type ChangePage = OpResponse<'syncMessageChanges'>;

export interface ChangeSyncOptions {
  /** Changes above `afterChange`, oldest first (the `syncMessageChanges` op). */
  fetchChanges(conversationID: string, afterChange: number): Promise<ChangePage>;
  /** Each page found while catching up, in order. */
  deliver(conversationID: string, page: ChangePage): void;
  onError(error: unknown, conversationID: string): void;
}

/**
 * Per-conversation change cursors: the conversation's change counter up to which this client has
 * caught up. At login the server's counter is where they start (the messages loaded from then on
 * are current); after a reconnect a conversation whose counter went past its cursor is asked for
 * what changed, page by page. Live pushes do not move a cursor (changes that are not mine to see
 * take numbers too, so a push never proves nothing was missed): a change pushed and then caught up
 * comes twice, and the applier drops the second (message-actions.ts).
 */
export class ChangeSync {
  private readonly cursors = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();
  /** Bumped by reset(), so that catch-ups started before it deliver nothing. */
  private epoch = 0;

  constructor(private readonly options: ChangeSyncOptions) {}

  /** At login: the server's counter; never moves a cursor back. */
  seed(conversationID: string, changeSequence: number): void {
    this.cursors.set(conversationID, Math.max(this.cursors.get(conversationID) ?? 0, changeSequence));
  }

  cursor(conversationID: string): number | undefined {
    return this.cursors.get(conversationID);
  }

  /**
   * The server's counter for a conversation (after a reconnect): fetch what changed beyond the
   * cursor. A conversation this client began while online has no cursor and starts at 0 (the
   * server only answers with messages the user can see).
   */
  catchUp(conversationID: string, changeSequence: number): Promise<void> {
    const epoch = this.epoch;
    const previous = this.queues.get(conversationID) ?? Promise.resolve();
    const run = previous.then(async () => {
      if (epoch !== this.epoch || changeSequence <= (this.cursors.get(conversationID) ?? 0)) return;
      for (;;) {
        const after = this.cursors.get(conversationID) ?? 0;
        const page = await this.options.fetchChanges(conversationID, after);
        if (epoch !== this.epoch) return;
        this.options.deliver(conversationID, page);
        this.cursors.set(conversationID, Math.max(after, page.changeSequence));
        if (page.isCompleted || page.changeSequence <= after) return;
      }
    });
    const settled = run.catch((error: unknown) => {
      if (epoch === this.epoch) this.options.onError(error, conversationID);
    });
    this.queues.set(conversationID, settled);
    void settled.then(() => {
      if (this.queues.get(conversationID) === settled) this.queues.delete(conversationID);
    });
    return settled;
  }

  /** Forgets everything (logout). */
  reset(): void {
    this.epoch++;
    this.cursors.clear();
    this.queues.clear();
  }
}
