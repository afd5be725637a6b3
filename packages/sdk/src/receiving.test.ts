import type { WireConversation, WireMessage } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import type { Message } from './message-types';
import { Receiver } from './receiving';
import { wireConversation, wireMessage } from './test-fixtures';

function wire(sequence: number, from = 'bob'): WireMessage {
  return wireMessage({ ID: `${from}-${sequence}`, from, to: from === 'me' ? 'bob' : 'me', sequence });
}

function conversation(maxSequence: number, readSequence = maxSequence): WireConversation {
  return wireConversation({ unreadCount: maxSequence - readSequence, maxSequence, readSequence });
}

function setup(history: WireMessage[] = []) {
  const seen: string[] = [];
  const received: string[] = [];
  const receiver = new Receiver({
    me: () => 'me',
    fetchAfter: async (_id, after) => ({ messageList: history.filter((m) => m.sequence > after), isCompleted: true }),
    onMessage: (message: Message) => seen.push(message.ID),
    onReceived: (messages) => received.push(...messages.map((m) => m.ID)),
    onError: (error) => {
      throw error;
    },
  });
  return { receiver, seen, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Receiver', () => {
  it('never reports its own sends as received, but they advance the cursor', async () => {
    const { receiver, seen, received } = setup();
    receiver.seed([conversation(1)]);
    receiver.markOwn('me-2');
    receiver.receive(wire(2, 'me'));
    receiver.receive(wire(3));
    await settle();
    expect(seen).toEqual(['me-2', 'bob-3']);
    expect(received).toEqual(['bob-3']);
  });

  it('reports own sends from another tab (not marked own) as received, flow out', async () => {
    const { receiver, received } = setup();
    receiver.seed([conversation(0)]);
    receiver.receive(wire(1, 'me'));
    await settle();
    expect(received).toEqual(['me-1']);
  });

  it('holds messages while paused and judges them after the catch-up', async () => {
    const history = [wire(1), wire(2), wire(3)];
    const { receiver, received } = setup(history);
    receiver.pause();
    receiver.receive(wire(3));
    receiver.receive(wire(2));
    await settle();
    expect(received).toEqual([]);
    const caughtUp = receiver.catchUp([conversation(3, 0)]);
    receiver.resume();
    await caughtUp;
    await settle();
    expect(received).toEqual(['bob-1', 'bob-2', 'bob-3']);
  });

  it('recognises own messages that come back through a gap fill', async () => {
    const history = [wire(1), wire(2, 'me'), wire(3)];
    const { receiver, received } = setup(history);
    receiver.seed([conversation(0)]);
    receiver.markOwn('me-2');
    receiver.receive(wire(3));
    await settle();
    expect(received).toEqual(['bob-1', 'bob-3']);
  });

  it('stores a gap-filled imported message but never reports it received; the others still are', async () => {
    const imported = { ...wire(2), imported: true as const };
    const history = [wire(1), imported, wire(3)];
    const { receiver, seen, received } = setup(history);
    receiver.seed([conversation(0)]);
    receiver.receive(wire(3));
    await settle();
    expect(seen).toEqual(['bob-1', 'bob-2', 'bob-3']);
    expect(received).toEqual(['bob-1', 'bob-3']);
  });

  it('stores an imported message found by the catch-up after a reconnect without reporting it received', async () => {
    const history = [{ ...wire(1), imported: true as const }, wire(2)];
    const { receiver, seen, received } = setup(history);
    receiver.seed([conversation(0)]);
    await receiver.catchUp([conversation(2, 0)]);
    expect(seen).toEqual(['bob-1', 'bob-2']);
    expect(received).toEqual(['bob-2']);
  });

  it('fetches a message it was only hinted at when its cursor is behind, once', async () => {
    const history = [wire(1), wire(2), wire(3)];
    const { receiver, received } = setup(history);
    receiver.seed([conversation(2)]);
    receiver.hint({ conversationType: 'C2C', from: 'bob', to: 'me', sequence: 3 });
    await settle();
    expect(received).toEqual(['bob-3']);
    receiver.hint({ conversationType: 'C2C', from: 'bob', to: 'me', sequence: 3 });
    receiver.receive(wire(3));
    await settle();
    expect(received).toEqual(['bob-3']);
  });
});
