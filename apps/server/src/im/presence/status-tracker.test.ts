import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignalHandler } from '../../bus/bus';
import { StatusTracker } from './status-tracker';

const GRACE_MS = 3_000;

/**
 * The bus between several processes' trackers, in memory: signals queue until `deliver()`, and a
 * process can be silenced (it died) or lose its next signals (a NATS hiccup).
 */
class Network {
  private readonly handlers: Array<{ node: number; handler: SignalHandler }> = [];
  private readonly queue: Array<{ from: number; data: unknown }> = [];
  readonly silenced = new Set<number>();
  /** Signals from this node of these kinds are dropped on their way to everyone else. */
  lose: { from: number; kind: string; count: number } | null = null;

  tracker(node: number, connected: Set<string> = new Set()) {
    const changes: Array<[string, boolean]> = [];
    const tracker = new StatusTracker({
      bus: {
        signal: (_channel, data) => this.queue.push({ from: node, data }),
        onSignal: (_channel, handler) => this.handlers.push({ node, handler }),
      },
      channel: 'presence',
      offlineGraceMs: GRACE_MS,
      isConnectedHere: (userID) => connected.has(userID),
      onChange: (userID, isOnline) => changes.push([userID, isOnline]),
    });
    tracker.start();
    return { tracker, changes, connected };
  }

  deliver(): void {
    for (let item = this.queue.shift(); item; item = this.queue.shift()) {
      if (this.silenced.has(item.from)) continue;
      const kind = (item.data as { k: string }).k;
      const lost = this.lose && this.lose.from === item.from && this.lose.kind === kind && this.lose.count > 0;
      if (lost && this.lose) this.lose.count--;
      for (const { node, handler } of this.handlers) {
        if (lost && node !== item.from) continue;
        handler(item.data);
      }
    }
  }

  /** Moves the clock on in beat-sized steps, delivering what each beat sends. */
  advance(ms: number): void {
    for (let left = ms; left > 0; left -= GRACE_MS / 6) {
      vi.advanceTimersByTime(Math.min(left, GRACE_MS / 6));
      this.deliver();
    }
  }
}

let trackers: StatusTracker[] = [];

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const tracker of trackers) tracker.close();
  trackers = [];
  vi.useRealTimers();
});

function start(net: Network, node: number) {
  const made = net.tracker(node);
  trackers.push(made.tracker);
  return made;
}

describe('status across processes', () => {
  it('shows a user connected on one process online on another, and offline there once the grace after their last tab has passed', () => {
    const net = new Network();
    const a = start(net, 1);
    const b = start(net, 2);
    net.deliver();
    a.connected.add('u');
    a.tracker.arrived('u');
    net.deliver();
    expect(b.tracker.isOnline('u')).toBe(true);
    expect(b.changes).toEqual([['u', true]]);

    a.connected.delete('u');
    a.tracker.departed('u');
    net.advance(GRACE_MS - 100);
    expect(b.tracker.isOnline('u')).toBe(true);
    net.advance(200);
    expect(a.tracker.isOnline('u')).toBe(false);
    expect(b.tracker.isOnline('u')).toBe(false);
    expect(b.changes).toEqual([
      ['u', true],
      ['u', false],
    ]);
  });

  it('keeps a user online with no change at all when they come back within the grace', () => {
    const net = new Network();
    const a = start(net, 1);
    const b = start(net, 2);
    a.tracker.arrived('u');
    net.deliver();
    a.tracker.departed('u');
    net.advance(1_000);
    a.tracker.arrived('u');
    net.advance(GRACE_MS * 2);
    expect(b.tracker.isOnline('u')).toBe(true);
    expect(a.changes).toEqual([['u', true]]);
    expect(b.changes).toEqual([['u', true]]);
  });

  it('keeps a user online while another process still holds a tab of theirs', () => {
    const net = new Network();
    const a = start(net, 1);
    const b = start(net, 2);
    const c = start(net, 3);
    a.tracker.arrived('u');
    b.tracker.arrived('u');
    net.deliver();
    a.tracker.departed('u');
    net.advance(GRACE_MS * 2);
    expect(c.tracker.isOnline('u')).toBe(true);
    expect(c.changes).toEqual([['u', true]]);
  });

  it('takes the users of a process that died offline elsewhere once it has been silent for the grace', () => {
    const net = new Network();
    const a = start(net, 1);
    const b = start(net, 2);
    a.tracker.arrived('u1');
    a.tracker.arrived('u2');
    net.deliver();
    net.silenced.add(1);
    net.advance(GRACE_MS - 600);
    expect(b.tracker.isOnline('u1')).toBe(true);
    net.advance(GRACE_MS);
    expect(b.tracker.isOnline('u1')).toBe(false);
    expect(b.tracker.isOnline('u2')).toBe(false);
    expect(b.changes.filter(([, online]) => !online).map(([u]) => u)).toEqual(['u1', 'u2']);
  });

  it('lets a process that starts later learn everyone already online, thousands at a time', () => {
    const net = new Network();
    const a = start(net, 1);
    const users = Array.from({ length: 4_500 }, (_, i) => `user-${i}`);
    for (const u of users) a.tracker.arrived(u);
    net.deliver();
    const late = start(net, 2);
    net.deliver();
    expect(users.every((u) => late.tracker.isOnline(u))).toBe(true);
    expect(late.changes).toHaveLength(users.length);
  });

  it('repairs a lost change from a snapshot at the next beat', () => {
    const net = new Network();
    const a = start(net, 1);
    const b = start(net, 2);
    net.advance(GRACE_MS);
    net.lose = { from: 1, kind: 'up', count: 1 };
    a.tracker.arrived('lost');
    net.deliver();
    expect(b.tracker.isOnline('lost')).toBe(false);
    net.advance(GRACE_MS);
    expect(b.tracker.isOnline('lost')).toBe(true);
    // And changes after the repair apply as usual.
    a.tracker.arrived('next');
    net.deliver();
    expect(b.tracker.isOnline('next')).toBe(true);
  });
});
