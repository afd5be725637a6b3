import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Bus } from '../../bus/bus';

export interface StatusTrackerOptions {
  bus: Pick<Bus, 'signal' | 'onSignal'>;
  /** The bus channel: one per app, so deployments sharing a NATS server never mix their users. */
  channel: string;
  /**
   * A user stays online this long after their last tab here went (a reload does not blink), and
   * a process not heard from for this long is taken for dead, its users offline.
   */
  offlineGraceMs: number;
  /** Whether the user holds a session on this process right now (the registry). */
  isConnectedHere(userID: string): boolean;
  /** A user's online state across every process changed (called once per change). */
  onChange(userID: string, isOnline: boolean): void;
  /**
   * The same change, told only to the process whose own session caused it (its user's first
   * session anywhere came, or their last one went here): what is reported once per deployment.
   */
  onOwnChange?(userID: string, isOnline: boolean): void;
  now?: () => number;
}

/** Users per snapshot signal: keeps each NATS message far below its default 1 MB limit. */
const SNAPSHOT_CHUNK = 2_000;

/**
 * What trackers tell each other. Each process numbers its changes (`v`); a gap, or a beat whose
 * number is not the last one seen, means something was lost (core NATS keeps nothing) and the
 * process is asked for a snapshot.
 */
const signalSchema = z.discriminatedUnion('k', [
  /** The user's first tab on process p connected / their last one went (after the grace). */
  z.object({ k: z.enum(['up', 'down']), p: z.string(), v: z.number().int(), u: z.string() }),
  /** Process p is alive; its last change is number v. */
  z.object({ k: z.literal('beat'), p: z.string(), v: z.number().int() }),
  /** Process p asks `of` (a process, or '*' for all) for a snapshot. */
  z.object({ k: z.literal('want'), p: z.string(), of: z.string() }),
  /** Part `n` (from 0) of process p's user list as of change v; `last` ends it. */
  z.object({
    k: z.literal('snap'),
    p: z.string(),
    v: z.number().int(),
    n: z.number().int(),
    users: z.array(z.string()),
    last: z.boolean(),
  }),
]);
type Signal = z.infer<typeof signalSchema>;

interface RemoteProcess {
  version: number;
  users: Set<string>;
  lastSeen: number;
  /** False until a snapshot arrived, and again after a lost change: changes wait for the next snapshot. */
  synced: boolean;
  wantedAt: number;
  /** A snapshot being received, chunk by chunk. */
  incoming: string[] | null;
}

/**
 * Who is online across every server process, kept in each process's memory: no database row is
 * written when someone connects. Each process announces its users' first connection and last
 * departure on the bus, beats every third of the grace, and answers snapshot requests; the others
 * keep its user set and forget it when its beats stop (a process that died).
 */
export class StatusTracker {
  /** This process, as the others know it. */
  readonly id = randomBytes(8).toString('hex');
  private version = 0;
  /** Users with a session here, or whose last one went less than the grace ago. */
  private readonly local = new Set<string>();
  private readonly lingering = new Map<string, NodeJS.Timeout>();
  private readonly remote = new Map<string, RemoteProcess>();
  /** For each user, how many other processes list them. */
  private readonly remoteCount = new Map<string, number>();
  private beat: NodeJS.Timeout | null = null;
  private readonly beatMs: number;
  private readonly now: () => number;

  constructor(private readonly options: StatusTrackerOptions) {
    this.beatMs = Math.max(50, Math.floor(options.offlineGraceMs / 3));
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.options.bus.onSignal(this.options.channel, (data) => {
      const parsed = signalSchema.safeParse(data);
      if (parsed.success && parsed.data.p !== this.id) this.receive(parsed.data);
    });
    this.send({ k: 'want', p: this.id, of: '*' });
    this.beat = setInterval(() => this.tick(), this.beatMs);
    this.beat.unref();
  }

  close(): void {
    if (this.beat) clearInterval(this.beat);
    for (const timer of this.lingering.values()) clearTimeout(timer);
    this.lingering.clear();
  }

  isOnline(userID: string): boolean {
    return this.local.has(userID) || this.isOnlineElsewhere(userID);
  }

  /** Everyone online on any process now (getGroupOnlineMemberCount). */
  onlineUsers(): string[] {
    return [...new Set([...this.local, ...this.remoteCount.keys()])];
  }

  /** Whether another process lists the user (connected there, or within its grace). */
  isOnlineElsewhere(userID: string): boolean {
    return (this.remoteCount.get(userID) ?? 0) > 0;
  }

  /** The user's first session on this process logged in. */
  arrived(userID: string): void {
    const lingering = this.lingering.get(userID);
    if (lingering) {
      // Back within the grace: nobody saw them leave.
      clearTimeout(lingering);
      this.lingering.delete(userID);
      return;
    }
    if (this.local.has(userID)) return;
    this.change(userID, () => this.local.add(userID), true);
    this.send({ k: 'up', p: this.id, v: ++this.version, u: userID });
  }

  /** The user's last session on this process went: offline here once the grace has passed. */
  departed(userID: string): void {
    if (!this.local.has(userID) || this.lingering.has(userID)) return;
    const timer = setTimeout(() => {
      this.lingering.delete(userID);
      if (this.options.isConnectedHere(userID)) return;
      this.change(userID, () => this.local.delete(userID), true);
      this.send({ k: 'down', p: this.id, v: ++this.version, u: userID });
    }, this.options.offlineGraceMs);
    timer.unref();
    this.lingering.set(userID, timer);
  }

  private receive(signal: Signal): void {
    if (signal.k === 'want') {
      if (signal.of === '*' || signal.of === this.id) this.sendSnapshot();
      return;
    }
    const peer = this.peerOf(signal.p);
    peer.lastSeen = this.now();
    switch (signal.k) {
      case 'snap':
        // A first part starts afresh: a snapshot whose last part was lost is dropped, never merged.
        peer.incoming = [...(signal.n === 0 ? [] : (peer.incoming ?? [])), ...signal.users];
        if (!signal.last) return;
        this.replace(peer, new Set(peer.incoming));
        peer.incoming = null;
        peer.version = signal.v;
        peer.synced = true;
        return;
      case 'beat':
        if (!peer.synced || signal.v !== peer.version) this.askForSnapshot(peer, signal.p);
        return;
      case 'up':
      case 'down': {
        if (!peer.synced || signal.v <= peer.version) {
          if (!peer.synced) this.askForSnapshot(peer, signal.p);
          return;
        }
        if (signal.v !== peer.version + 1) {
          peer.synced = false;
          this.askForSnapshot(peer, signal.p);
          return;
        }
        peer.version = signal.v;
        if (signal.k === 'up') this.addRemote(peer, signal.u);
        else this.removeRemote(peer, signal.u);
        return;
      }
    }
  }

  private peerOf(id: string): RemoteProcess {
    let peer = this.remote.get(id);
    if (!peer) {
      peer = { version: -1, users: new Set(), lastSeen: this.now(), synced: false, wantedAt: 0, incoming: null };
      this.remote.set(id, peer);
    }
    return peer;
  }

  /** At most one request per two beats while a snapshot is on its way. */
  private askForSnapshot(peer: RemoteProcess, id: string): void {
    const now = this.now();
    if (now - peer.wantedAt < this.beatMs * 2) return;
    peer.wantedAt = now;
    this.send({ k: 'want', p: this.id, of: id });
  }

  private tick(): void {
    this.send({ k: 'beat', p: this.id, v: this.version });
    const now = this.now();
    for (const [id, peer] of this.remote) {
      if (now - peer.lastSeen <= this.options.offlineGraceMs) continue;
      this.remote.delete(id);
      for (const userID of [...peer.users]) this.removeRemote(peer, userID);
    }
  }

  private sendSnapshot(): void {
    const users = [...this.local];
    const v = this.version;
    for (let at = 0, n = 0; at === 0 || at < users.length; at += SNAPSHOT_CHUNK, n++) {
      const chunk = users.slice(at, at + SNAPSHOT_CHUNK);
      this.send({ k: 'snap', p: this.id, v, n, users: chunk, last: at + SNAPSHOT_CHUNK >= users.length });
    }
  }

  private replace(peer: RemoteProcess, users: Set<string>): void {
    for (const userID of [...peer.users]) if (!users.has(userID)) this.removeRemote(peer, userID);
    for (const userID of users) this.addRemote(peer, userID);
  }

  private addRemote(peer: RemoteProcess, userID: string): void {
    if (peer.users.has(userID)) return;
    this.change(userID, () => {
      peer.users.add(userID);
      this.remoteCount.set(userID, (this.remoteCount.get(userID) ?? 0) + 1);
    });
  }

  private removeRemote(peer: RemoteProcess, userID: string): void {
    if (!peer.users.delete(userID)) return;
    this.change(userID, () => {
      const count = (this.remoteCount.get(userID) ?? 1) - 1;
      if (count > 0) this.remoteCount.set(userID, count);
      else this.remoteCount.delete(userID);
    });
  }

  private change(userID: string, mutate: () => void, isOwn = false): void {
    const before = this.isOnline(userID);
    mutate();
    const after = this.isOnline(userID);
    if (before === after) return;
    this.options.onChange(userID, after);
    if (isOwn) this.options.onOwnChange?.(userID, after);
  }

  private send(signal: Signal): void {
    this.options.bus.signal(this.options.channel, signal);
  }
}
