import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Session } from '../../gateway/session';
import { admitSearch, SEARCH_BUDGET } from './search-budget';

describe('the search budget of a connection', () => {
  it('allows a burst, then refuses with 10006 and the wait, and allows again at its rate', () => {
    // The budget only keys its state by session; no socket is used.
    const session = new Session('s1', {} as WebSocket);
    const other = new Session('s2', {} as WebSocket);
    const at = 1_000_000;
    for (let i = 0; i < SEARCH_BUDGET.burst; i++) admitSearch(session, at);
    expect(() => admitSearch(session, at)).toThrow(
      expect.objectContaining({ code: ErrorCode.OPERATION_RATE_LIMITED, retryAfterMs: 1000 / SEARCH_BUDGET.perSecond }),
    );
    expect(() => admitSearch(other, at)).not.toThrow();
    expect(() => admitSearch(session, at + 1000 / SEARCH_BUDGET.perSecond)).not.toThrow();
  });
});
