import { expect } from 'vitest';

/** GET /metrics of a server reached from loopback; fails the test unless it is served. */
export async function scrapeMetrics(serverURL: string): Promise<string> {
  const response = await fetch(`${serverURL}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one series (`name{labels}` exactly as exposed), 0 when it has not appeared yet. */
export function sampleValue(exposition: string, series: string): number {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
