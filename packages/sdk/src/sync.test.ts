import type { WireMessage } from '@liaison/protocol';
import { describe, expect, it, vi } from 'vitest';
import { SequenceSync, type SyncPage } from './sync';
import { wireMessage } from './test-fixtures';

function message(sequence: number, conversation = 'bob'): WireMessage {
  return wireMessage({ ID: `${conversation}-${sequence}`, from: conversation, sequence });
}

/**
 * A SequenceSync over a fake history: `stored[conversationID]` is what the server holds; the
 * fetch returns up to `pageSize` messages after the cursor, as the syncMessages op does.
 */
function setup(options: { pageSize?: number; failFetches?: number } = {}) {
  const stored: Record<string, WireMessage[]> = {};
  const delivered: string[] = [];
  const fetches: Array<{ conversationID: string; afterSequence: number }> = [];
  const errors: unknown[] = [];
  let failures = options.failFetches ?? 0;
  const pageSize = options.pageSize ?? 200;
  const sync = new SequenceSync({
    conversationIDOf: (m) => `C2C${m.from}`,
    async fetchAfter(conversationID, afterSequence): Promise<SyncPage> {
      fetches.push({ conversationID, afterSequence });
      await Promise.resolve();
      if (failures > 0) {
        failures--;
        throw new Error('offline');
      }
      const after = (stored[conversationID] ?? []).filter((m) => m.sequence > afterSequence);
      return { messageList: after.slice(0, pageSize), isCompleted: after.length <= pageSize };
    },
    deliver: (m, conversationID) => delivered.push(`${conversationID}:${m.sequence}`),
    onError: (error) => errors.push(error),
    refillBackoff: { initialMs: 10, maxMs: 40, random: () => 0 },
  });
  const store = (conversation: string, upTo: number) => {
    stored[`C2C${conversation}`] = Array.from({ length: upTo }, (_, i) => message(i + 1, conversation));
  };
  return { sync, delivered, fetches, errors, store, stored };
}

describe('SequenceSync', () => {
  it('delivers messages that follow the cursor, in order, without fetching', async () => {
    const { sync, delivered, fetches } = setup();
    sync.seed('C2Cbob', 3);
    await sync.receive(message(4));
    await sync.receive(message(5));
    expect(delivered).toEqual(['C2Cbob:4', 'C2Cbob:5']);
    expect(sync.cursor('C2Cbob')).toBe(5);
    expect(fetches).toEqual([]);
  });

  it('drops duplicates at or below the cursor', async () => {
    const { sync, delivered } = setup();
    sync.seed('C2Cbob', 3);
    await sync.receive(message(2));
    await sync.receive(message(3));
    await sync.receive(message(4));
    await sync.receive(message(4));
    expect(delivered).toEqual(['C2Cbob:4']);
  });

  it('fills a gap from the server before delivering what came after it', async () => {
    const { sync, delivered, fetches, store } = setup();
    store('bob', 6);
    sync.seed('C2Cbob', 2);
    await sync.receive(message(6));
    expect(delivered).toEqual(['C2Cbob:3', 'C2Cbob:4', 'C2Cbob:5', 'C2Cbob:6']);
    expect(fetches).toEqual([{ conversationID: 'C2Cbob', afterSequence: 2 }]);
    expect(sync.cursor('C2Cbob')).toBe(6);
  });

  it('follows pages until the server says the gap is complete', async () => {
    const { sync, delivered, fetches, store } = setup({ pageSize: 2 });
    store('bob', 7);
    sync.seed('C2Cbob', 1);
    await sync.receive(message(7));
    expect(delivered).toEqual([2, 3, 4, 5, 6, 7].map((s) => `C2Cbob:${s}`));
    expect(fetches.map((f) => f.afterSequence)).toEqual([1, 3, 5]);
  });

  it('treats pushes that arrive during a fill as duplicates, so each message is delivered once', async () => {
    const { sync, delivered, fetches, store } = setup();
    store('bob', 5);
    sync.seed('C2Cbob', 1);
    const pushes = [message(4), message(3), message(5), message(2), message(5)].map((m) => sync.receive(m));
    await Promise.all(pushes);
    expect(delivered).toEqual(['C2Cbob:2', 'C2Cbob:3', 'C2Cbob:4', 'C2Cbob:5']);
    expect(fetches).toHaveLength(1);
  });

  it('keeps each conversation’s cursor separate', async () => {
    const { sync, delivered, store } = setup();
    store('carol', 3);
    sync.seed('C2Cbob', 1);
    sync.seed('C2Ccarol', 0);
    await Promise.all([sync.receive(message(2, 'bob')), sync.receive(message(3, 'carol'))]);
    expect(delivered).toEqual(['C2Cbob:2', 'C2Ccarol:1', 'C2Ccarol:2', 'C2Ccarol:3']);
  });

  it('starts the cursor of a conversation it has never seen at the first message', async () => {
    const { sync, delivered, fetches } = setup();
    await sync.receive(message(41));
    await sync.receive(message(42));
    expect(delivered).toEqual(['C2Cbob:41', 'C2Cbob:42']);
    expect(fetches).toEqual([]);
  });

  it('delivers unsequenced messages (AVChatRoom) as they come and leaves the cursor alone', async () => {
    const { sync, delivered } = setup();
    sync.seed('C2Cbob', 3);
    await sync.receive(message(0));
    await sync.receive(message(0));
    expect(delivered).toEqual(['C2Cbob:0', 'C2Cbob:0']);
    expect(sync.cursor('C2Cbob')).toBe(3);
  });

  it('holds a message whose gap cannot be filled yet and delivers it after a later fill', async () => {
    const { sync, delivered, errors, store } = setup({ failFetches: 1 });
    store('bob', 5);
    sync.seed('C2Cbob', 2);
    await sync.receive(message(5));
    expect(delivered).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(sync.cursor('C2Cbob')).toBe(2);
    await sync.catchUp('C2Cbob', 5);
    expect(delivered).toEqual(['C2Cbob:3', 'C2Cbob:4', 'C2Cbob:5']);
  });

  it('tries a failed fill again by itself until the held message is delivered, with no further push', async () => {
    const { sync, delivered, errors, fetches, store } = setup({ failFetches: 2 });
    store('bob', 5);
    sync.seed('C2Cbob', 2);
    await sync.receive(message(5));
    expect(delivered).toEqual([]);
    await vi.waitUntil(() => delivered.length === 3, { timeout: 2_000 });
    expect(delivered).toEqual(['C2Cbob:3', 'C2Cbob:4', 'C2Cbob:5']);
    expect(errors).toHaveLength(2);
    expect(fetches).toHaveLength(3);
  });

  it('tries a failed catch-up again until it has what the server said the conversation holds', async () => {
    const { sync, delivered, store } = setup({ failFetches: 1 });
    store('bob', 4);
    sync.seed('C2Cbob', 1);
    await sync.catchUp('C2Cbob', 4);
    expect(delivered).toEqual([]);
    await vi.waitUntil(() => delivered.length === 3, { timeout: 2_000 });
    expect(delivered).toEqual(['C2Cbob:2', 'C2Cbob:3', 'C2Cbob:4']);
  });

  it('stops trying a failed fill again once the missing message arrives by push', async () => {
    const { sync, delivered, fetches } = setup({ failFetches: 1 });
    sync.seed('C2Cbob', 2);
    await sync.receive(message(4));
    await sync.receive(message(3));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(delivered).toEqual(['C2Cbob:3', 'C2Cbob:4']);
    expect(fetches).toHaveLength(1);
  });

  it('tries nothing again after reset', async () => {
    const { sync, delivered, fetches, store } = setup({ failFetches: 1 });
    store('bob', 5);
    sync.seed('C2Cbob', 2);
    await sync.receive(message(5));
    sync.reset();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fetches).toHaveLength(1);
    expect(delivered).toEqual([]);
  });

  it('delivers a held message once the missing one arrives by push', async () => {
    const { sync, delivered } = setup({ failFetches: 1 });
    sync.seed('C2Cbob', 2);
    await sync.receive(message(4));
    await sync.receive(message(3));
    expect(delivered).toEqual(['C2Cbob:3', 'C2Cbob:4']);
    expect(sync.cursor('C2Cbob')).toBe(4);
  });

  it('accepts the server’s word that a skipped sequence does not exist', async () => {
    const { sync, delivered, stored } = setup();
    stored.C2Cbob = [2, 4, 5].map((s) => message(s));
    sync.seed('C2Cbob', 1);
    await sync.receive(message(5));
    expect(delivered).toEqual(['C2Cbob:2', 'C2Cbob:4', 'C2Cbob:5']);
    expect(sync.cursor('C2Cbob')).toBe(5);
  });

  describe('catchUp after a reconnect', () => {
    it('fetches what lies beyond the cursor when the server holds more', async () => {
      const { sync, delivered, fetches, store } = setup();
      store('bob', 4);
      sync.seed('C2Cbob', 2);
      await sync.catchUp('C2Cbob', 4);
      expect(delivered).toEqual(['C2Cbob:3', 'C2Cbob:4']);
      await sync.catchUp('C2Cbob', 4);
      expect(fetches).toHaveLength(1);
    });

    it('starts a conversation it has never seen from the read sequence', async () => {
      const { sync, delivered, store } = setup();
      store('bob', 5);
      await sync.catchUp('C2Cbob', 5, 3);
      expect(delivered).toEqual(['C2Cbob:4', 'C2Cbob:5']);
    });

    it('runs before pushes queued after it, which then count as duplicates', async () => {
      const { sync, delivered, store } = setup();
      store('bob', 4);
      sync.seed('C2Cbob', 1);
      const caughtUp = sync.catchUp('C2Cbob', 4);
      const pushed = sync.receive(message(4));
      await Promise.all([caughtUp, pushed]);
      expect(delivered).toEqual(['C2Cbob:2', 'C2Cbob:3', 'C2Cbob:4']);
    });
  });

  it('delivers nothing more after reset, even from a fill in flight', async () => {
    const { sync, delivered, store } = setup();
    store('bob', 3);
    sync.seed('C2Cbob', 0);
    const filling = sync.receive(message(3));
    sync.reset();
    await filling;
    expect(delivered).toEqual([]);
    expect(sync.cursor('C2Cbob')).toBeUndefined();
  });

  it('reports a throwing delivery and carries on with the next message', async () => {
    const errors: unknown[] = [];
    const delivered: number[] = [];
    const sync = new SequenceSync({
      conversationIDOf: () => 'C2Cbob',
      fetchAfter: async () => ({ messageList: [], isCompleted: true }),
      deliver: (m) => {
        if (m.sequence === 1) throw new Error('listener bug');
        delivered.push(m.sequence);
      },
      onError: (error) => errors.push(error),
    });
    sync.seed('C2Cbob', 0);
    await sync.receive(message(1));
    await sync.receive(message(2));
    expect(delivered).toEqual([2]);
    expect(errors).toHaveLength(1);
  });
});
