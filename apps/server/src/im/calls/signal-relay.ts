import { ErrorCode, RateLimitError } from '@liaison/protocol';
import { z } from 'zod';
import type { Bus } from '../../bus/bus';
import { TokenBucket } from '../../limits/token-bucket';
import { countRefusal } from '../../metrics/metrics';
import type { ClientSession } from '../session';

const relayedSignal = z.object({ k: z.string(), f: z.string() });

/**
 * Where call signalling goes: to one connection, the one a participant joined from. This process
 * writes to its own such connections; a connection elsewhere gets the frame over a bus channel
 * that every process hears and only the holder of that connection acts on. Nothing is stored.
 */
export class SignalRelay {
  /** Connections here that joined a call, by session ID, with the calls they are in. */
  private readonly joined = new Map<string, { session: ClientSession; callIDs: Set<string> }>();
  /** The same, by call: the connections here in it. */
  private readonly byCall = new Map<string, Set<string>>();
  private readonly buckets = new WeakMap<ClientSession, TokenBucket>();

  constructor(
    private readonly bus: Bus,
    private readonly channel: string,
    private readonly limit: { perSecond: number; burst: number },
  ) {}

  start(): void {
    this.bus.onSignal(this.channel, (data) => {
      const parsed = relayedSignal.safeParse(data);
      if (parsed.success) this.joined.get(parsed.data.k)?.session.write(parsed.data.f);
    });
  }

  /** The session joined the call on this process: signals for it are written here. */
  bind(session: ClientSession, callID: string): void {
    let entry = this.joined.get(session.id);
    if (!entry) {
      entry = { session, callIDs: new Set() };
      this.joined.set(session.id, entry);
    }
    entry.callIDs.add(callID);
    let keys = this.byCall.get(callID);
    if (!keys) {
      keys = new Set();
      this.byCall.set(callID, keys);
    }
    keys.add(session.id);
  }

  /** Of this call's connections here, only those in `joinedKeys` are still in it (the others left, or it ended). */
  retain(callID: string, joinedKeys: ReadonlySet<string>): void {
    for (const key of [...(this.byCall.get(callID) ?? [])]) {
      if (!joinedKeys.has(key)) this.unbind(key, callID);
    }
  }

  /** The calls this connection joined, forgotten here (it closed). */
  release(session: ClientSession): string[] {
    const callIDs = [...(this.joined.get(session.id)?.callIDs ?? [])];
    for (const callID of callIDs) this.unbind(session.id, callID);
    return callIDs;
  }

  isHere(sessionKey: string): boolean {
    return this.joined.has(sessionKey);
  }

  /** Refuses (10006, with the wait) a connection past its signal budget. */
  admit(session: ClientSession, now: number): void {
    let bucket = this.buckets.get(session);
    if (!bucket) {
      bucket = new TokenBucket(this.limit.perSecond, this.limit.burst, now);
      this.buckets.set(session, bucket);
    }
    const waitMs = bucket.waitMs(now);
    if (waitMs > 0) {
      countRefusal('im_call_signals_per_connection');
      throw new RateLimitError(ErrorCode.OPERATION_RATE_LIMITED, waitMs);
    }
    bucket.take(now);
  }

  /** Writes one push frame to the connection `sessionKey`, wherever it is. */
  send(sessionKey: string, frame: string): void {
    const here = this.joined.get(sessionKey);
    if (here) here.session.write(frame);
    else this.bus.signal(this.channel, { k: sessionKey, f: frame });
  }

  private unbind(sessionKey: string, callID: string): void {
    const entry = this.joined.get(sessionKey);
    entry?.callIDs.delete(callID);
    if (entry?.callIDs.size === 0) this.joined.delete(sessionKey);
    const keys = this.byCall.get(callID);
    keys?.delete(sessionKey);
    if (keys?.size === 0) this.byCall.delete(callID);
  }
}
