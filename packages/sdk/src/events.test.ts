import { describe, expect, it, vi } from 'vitest';
import { EVENT } from './core/types';
import { Emitter } from './events';

describe('Emitter', () => {
  it('hands listeners { name, data } like the reference SDK', () => {
    const emitter = new Emitter();
    const handler = vi.fn();
    emitter.on(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, handler);
    emitter.emit(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, 4);
    expect(handler).toHaveBeenCalledWith({ name: 'onTotalUnreadMessageCountUpdated', data: 4 });
  });

  it('calls a handler with its context and removes it by handler and context', () => {
    const emitter = new Emitter();
    const seen: unknown[] = [];
    const context = { id: 'ctx' };
    function handler(this: unknown) {
      seen.push(this);
    }
    emitter.on(EVENT.SDK_READY, handler, context);
    emitter.emit(EVENT.SDK_READY, undefined);
    emitter.off(EVENT.SDK_READY, handler, context);
    emitter.emit(EVENT.SDK_READY, undefined);
    expect(seen).toEqual([context]);
  });

  it('registers the same handler once', () => {
    const emitter = new Emitter();
    const handler = vi.fn();
    emitter.on(EVENT.SDK_READY, handler);
    emitter.on(EVENT.SDK_READY, handler);
    emitter.emit(EVENT.SDK_READY, undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('keeps calling other listeners when one throws', () => {
    const emitter = new Emitter();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    emitter.on(EVENT.ERROR, () => {
      throw new Error('listener bug');
    });
    emitter.on(EVENT.ERROR, after);
    emitter.emit(EVENT.ERROR, { code: 60001, message: 'x' });
    expect(after).toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('lets a listener remove itself while being called', () => {
    const emitter = new Emitter();
    const calls: string[] = [];
    const once = () => {
      calls.push('once');
      emitter.off(EVENT.SDK_READY, once);
    };
    emitter.on(EVENT.SDK_READY, once);
    emitter.on(EVENT.SDK_READY, () => calls.push('always'));
    emitter.emit(EVENT.SDK_READY, undefined);
    emitter.emit(EVENT.SDK_READY, undefined);
    expect(calls).toEqual(['once', 'always', 'always']);
  });
});
