import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { parseIncoming } from './incoming';

describe('parseIncoming', () => {
  it('parses a response frame', () => {
    expect(parseIncoming('{"id":3,"ok":true,"data":{"x":1}}')).toEqual({
      kind: 'response',
      frame: { id: 3, ok: true, data: { x: 1 } },
    });
  });

  it('parses a known push against its schema', () => {
    const incoming = parseIncoming(
      JSON.stringify({ event: 'conversationDeleted', data: { conversationID: 'C2Cbob' } }),
    );
    expect(incoming).toEqual({
      kind: 'push',
      push: { event: 'conversationDeleted', data: { conversationID: 'C2Cbob' } },
    });
  });

  it('accepts binary frames holding UTF-8 JSON', () => {
    const bytes = new TextEncoder().encode('{"event":"kicked","data":{"reason":"userSigExpired"}}');
    expect(parseIncoming(bytes)).toMatchObject({ kind: 'push', push: { event: 'kicked' } });
    expect(parseIncoming(bytes.buffer)).toMatchObject({ kind: 'push' });
    expect(parseIncoming([bytes.subarray(0, 5), bytes.subarray(5)])).toMatchObject({ kind: 'push' });
  });

  it('ignores push events it does not know', () => {
    expect(parseIncoming('{"event":"someFutureEvent","data":{}}')).toEqual({
      kind: 'unknownPush',
      event: 'someFutureEvent',
    });
  });

  it('reports malformed frames instead of throwing', () => {
    for (const raw of [
      '{nope',
      '42',
      '{"id":"x","ok":true}',
      '{"event":"message","data":{"message":{"ID":1}}}',
      '{"event":"kicked","data":{"reason":"bored"}}',
      { some: 'object' },
    ]) {
      const incoming = parseIncoming(raw);
      expect(incoming.kind).toBe('malformed');
      if (incoming.kind === 'malformed') expect(incoming.error.code).toBe(ErrorCode.MALFORMED_FRAME);
    }
  });
});
