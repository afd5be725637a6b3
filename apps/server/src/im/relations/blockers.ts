import { z } from 'zod';
import type { Bus } from '../../bus/bus';
import type { Sql } from '../../db/database';

/**
 * Which users have ever had anyone in their blocklist, in this process's memory: a one-to-one
 * send or typing to anyone else cannot be refused by a block, and skips the blocklist query
 * (it cost 14 % of C2C throughput when every send asked; docs/performance.md).
 *
 * It never shrinks while the process runs: a user who empties their blocklist costs a query per
 * message to them until the process restarts, never a wrong answer. A blocker is added here and
 * announced to the other processes before the block commits, so this process refuses the
 * blocked user's next send at once and the others as soon as the bus delivers (the block waits
 * until the bus has the announcement, so it is on its way before anyone is told of the block). A process
 * that lost the bus reloads from the table (`reload`), since whatever was announced meanwhile
 * did not reach it.
 */
export class BlockerIndex {
  private readonly users = new Set<string>();
  private readonly channel: string;

  constructor(
    private readonly db: Sql,
    private readonly bus: Bus,
    /** This deployment's SDKAppID: processes of another app on the same NATS stay apart. */
    scope: string,
  ) {
    this.channel = `blockers.${scope}`;
  }

  /** Loads the table and listens to the other processes' blocks. */
  async start(): Promise<void> {
    this.bus.onSignal(this.channel, (data) => {
      const parsed = blockerSignal.safeParse(data);
      if (parsed.success) this.users.add(parsed.data.u);
    });
    await this.reload();
  }

  async reload(): Promise<void> {
    const rows = await this.db.query<{ user_id: string }>('SELECT DISTINCT user_id FROM blacklist');
    // A union, not a replacement: a block announced before its commit may be missing from the rows.
    for (const row of rows) this.users.add(row.user_id);
  }

  /** False only when `userID` has nobody in their blocklist. */
  mayBlock(userID: string): boolean {
    return this.users.has(userID);
  }

  /** Call before the block commits; resolves once the bus has the announcement. */
  async willBlock(userID: string): Promise<void> {
    this.users.add(userID);
    this.bus.signal(this.channel, { u: userID });
    await this.bus.flush();
  }
}

const blockerSignal = z.object({ u: z.string() });
