import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { restCommands } from '../../rest-api/command-table';
import { RestClient } from '../../rest-api/test-client';
import { startServer } from '../harness';
import { snapshotAll } from '../state-snapshot';
import { FUZZ_RUNS, fuzzOptions, fuzzTimeout } from './fuzz-settings';
import { mutatedFrame, type WireFrame } from './mutations';
import { arbitraryFor } from './zod-arbitrary';

/**
 * Every server REST API command (read from the command table, so a new command is fuzzed without
 * a line here), called by an administrator with bodies generated from its schema and broken the
 * ways the IM fuzz breaks frames. Always HTTP 200 with Tencent's envelope, never a stack trace or
 * the command's internal-error answer, and nothing stored when the answer is FAIL.
 */
let server: LiaisonServer;
let admin: RestClient;
let state: Record<string, string>;

beforeAll(async () => {
  server = await startServer(undefined, { limits: { restCallsPerSecond: 1_000_000 } });
  admin = new RestClient(server);
  state = await snapshotAll(server.db);
});
afterAll(() => server?.close());

const STACK_TRACE = /(\n|\\n)\s+at [^\n]+:\d+:\d+|"stack"\s*:/;

/** The body the mutated frame carries, as text; a frame broken as a whole is sent as it is. */
function bodyText(wire: WireFrame): string | Uint8Array {
  if ('binary' in wire) return wire.binary;
  try {
    const frame = JSON.parse(wire.text) as { body?: unknown };
    if (typeof frame === 'object' && frame !== null && 'body' in frame) return JSON.stringify(frame.body) ?? '';
  } catch {
    // Not JSON: sent as it is.
  }
  return wire.text;
}

describe('REST API bodies for every command', () => {
  it(
    'answer the envelope with HTTP 200, never a stack trace or an internal error, and store nothing on FAIL',
    async () => {
      const names = Object.keys(restCommands);
      expect(names.length).toBeGreaterThan(4);
      for (const name of names) {
        const command = restCommands[name];
        if (!command) continue;
        await fc.assert(
          fc.asyncProperty(mutatedFrame(name, arbitraryFor(command.schema)), async (wire) => {
            const label = `${name} ${wire.label}`;
            const body = bodyText(wire);
            const response = await admin.send(
              'POST',
              name,
              typeof body === 'string' ? body : Buffer.from(body).toString('latin1'),
            );
            const text = await response.text();
            expect(response.status, label).toBe(200);
            expect(text, label).not.toMatch(STACK_TRACE);
            const answer = JSON.parse(text) as { ActionStatus?: unknown; ErrorCode?: unknown; ErrorInfo?: unknown };
            expect(typeof answer.ErrorCode, `${label}: ${text.slice(0, 200)}`).toBe('number');
            expect(typeof answer.ErrorInfo, label).toBe('string');
            expect(answer.ErrorCode, `${label}: answered the internal error`).not.toBe(command.codes.internal);
            if (answer.ActionStatus === 'OK') {
              state = await snapshotAll(server.db);
              return;
            }
            expect(answer.ActionStatus, label).toBe('FAIL');
            expect(await snapshotAll(server.db), `${label}: refused, yet stored state changed`).toEqual(state);
          }),
          fuzzOptions(),
        );
      }
    },
    // Each command's runs each make a call and, on OK, a snapshot of the database.
    fuzzTimeout(FUZZ_RUNS * Object.keys(restCommands).length, 1_000),
  );
});
