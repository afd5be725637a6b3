import { describe, expect, it } from 'vitest';
import { Gate } from './gate';

describe('Gate', () => {
  it('runs at most its limit of tasks at once and the rest in arrival order', async () => {
    const gate = new Gate(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 5 }, (_, i) =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return i;
      }),
    );
    while (order.length < 5) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    for (const release of releases) release();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
