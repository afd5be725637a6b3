import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock';

describe('the server clock', () => {
  it('answers the local time in seconds before the server has said its time', () => {
    const clock = new ServerClock(() => 1_700_000_000_999);
    expect(clock.seconds()).toBe(1_700_000_000);
  });

  it('follows the server’s time once told it, however far the local clock is off', () => {
    let local = 1_000_000;
    const clock = new ServerClock(() => local);
    clock.observe(1_700_000_000);
    expect(clock.seconds()).toBe(1_700_000_000);
    local += 90_000;
    expect(clock.seconds()).toBe(1_700_000_090);
  });
});
