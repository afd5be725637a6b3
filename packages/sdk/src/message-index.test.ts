import { describe, expect, it } from 'vitest';
import { EVENT } from './core/types';
import { Emitter } from './events';
import { MessageIndex } from './message-index';
import { fromWire } from './message-model';
import { wireMessage } from './test-fixtures';

describe('findMessage', () => {
  it('answers the copy the peer read, with isPeerRead, after MESSAGE_READ_BY_PEER', () => {
    const events = new Emitter();
    const index = new MessageIndex(events);
    const sent = fromWire(wireMessage({ ID: 'm1', from: 'me', to: 'peer', sequence: 3 }), 'me');
    index.remember([sent]);
    const read = { ...sent, isPeerRead: true };
    events.emit(EVENT.MESSAGE_READ_BY_PEER, [read]);
    expect(index.find('m1')?.isPeerRead).toBe(true);
  });
});
