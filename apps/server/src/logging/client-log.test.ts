import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientLog } from './client-log';

interface Line {
  level: number;
  msg: string;
  addr?: string;
  suppressed?: number;
  err?: { stack?: string };
}

/** A ClientLog writing through a real Fastify (pino) logger into an array of parsed lines. */
function capture(linesPerMinute: number) {
  const lines: Line[] = [];
  const http = Fastify({
    logger: { level: 'info', stream: { write: (chunk: string) => lines.push(JSON.parse(chunk) as Line) } },
  });
  return { log: new ClientLog(http.log, linesPerMinute), lines };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('log lines caused by clients', () => {
  it('writes a refusal as one info line without a stack, and a fault with its stack', () => {
    const { log, lines } = capture(10);
    log.info('10.0.0.1', { op: 'sendMessage', code: 60008 }, 'IM request refused');
    log.fault('10.0.0.1', new Error('database gone'), 'IM op sendMessage failed');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, addr: '10.0.0.1', msg: 'IM request refused' });
    expect(JSON.stringify(lines[0])).not.toContain('stack');
    expect(lines[1]).toMatchObject({ level: 50, msg: 'IM op sendMessage failed' });
    expect(lines[1]?.err?.stack).toContain('database gone');
  });

  it('keeps to the budget per address and says once, at the end of the minute, how many lines it dropped', () => {
    const { log, lines } = capture(5);
    for (let i = 0; i < 500; i++) log.info('10.0.0.1', { i }, 'IM request refused');
    for (let i = 0; i < 3; i++) log.fault('10.0.0.2', new Error('x'), 'failed');
    expect(lines.filter((l) => l.addr === '10.0.0.1')).toHaveLength(5);
    expect(lines.filter((l) => l.addr === '10.0.0.2')).toHaveLength(3);

    vi.advanceTimersByTime(60_000);
    const summaries = lines.filter((l) => l.suppressed !== undefined);
    expect(summaries).toEqual([expect.objectContaining({ level: 40, addr: '10.0.0.1', suppressed: 495 })]);

    // A new minute, a new budget.
    log.info('10.0.0.1', {}, 'IM request refused');
    expect(lines.filter((l) => l.addr === '10.0.0.1' && l.suppressed === undefined)).toHaveLength(6);
  });

  it('writes the pending count when closed', () => {
    const { log, lines } = capture(1);
    log.info('10.0.0.3', {}, 'a');
    log.info('10.0.0.3', {}, 'b');
    log.info('10.0.0.3', {}, 'c');
    log.close();
    expect(lines.map((l) => l.suppressed)).toEqual([undefined, 2]);
  });
});
