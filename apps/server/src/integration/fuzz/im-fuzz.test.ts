import {
  COMMUNITY_ID_PREFIX,
  ErrorCode,
  isErrorCode,
  type OpName,
  ops,
  type ResponseFrame,
  TOPIC_ID_MARKER,
} from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, nextEvent, sendText, startServer } from '../harness';
import { snapshot } from '../state-snapshot';
import { FUZZ_RUNS, fuzzOptions, fuzzTimeout } from './fuzz-settings';
import { FuzzSocket } from './fuzz-socket';
import { mutatedFrame, type WireFrame } from './mutations';
import { arbitraryFor } from './zod-arbitrary';

/**
 * Every IM op, generated from its request schema and broken in every way we know, sent over a
 * raw socket after a real login. The server keeps answering, every answer is a well-formed
 * response with a catalogue code (never INTERNAL for bad input), and a refused frame leaves
 * every IM table as it was. A new op in `ops` is fuzzed here without writing anything.
 */
let server: LiaisonServer;
let alice: Chat;
let bob: Chat;
let mallory: FuzzSocket;
let state: Record<string, string>;
// A well-formed topic ID: random strings never hold the marker a topic ID needs, and a required
// field no generated value can fill would keep fast-check's filter searching for ever.
const hints: string[] = [
  'fz-alice',
  'fz-bob',
  'fz-mallory',
  'C2Cfz-alice',
  'C2Cfz-bob',
  `${COMMUNITY_ID_PREFIX}fuzz${TOPIC_ID_MARKER}fz`,
];
const opNames = Object.keys(ops) as OpName[];

beforeAll(async () => {
  server = await startServer();
  [alice, bob] = await Promise.all([connect(server, 'fz-alice'), connect(server, 'fz-bob')]);
  const { data } = await alice.createGroup({ name: 'fuzz', type: 'Public', memberList: [{ userID: 'fz-bob' }] });
  const first = await sendText(alice, 'fz-bob', 'history to page through');
  hints.push(data.group.groupID, `GROUP${data.group.groupID}`, first.ID);
  mallory = await FuzzSocket.open(server);
  expect((await mallory.login(server, 'fz-mallory')).ok).toBe(true);
  state = await snapshot(server.db);
});

afterAll(async () => {
  mallory?.close();
  await Promise.all([alice, bob].map((c) => c?.logout().catch(() => undefined)));
  await server?.close();
});

describe('IM frames generated from every op schema and mutated, after a real login', () => {
  for (const op of opNames) {
    it(
      `${op}: always a catalogue answer, never INTERNAL, nothing stored on refusal`,
      async () => {
        const body = arbitraryFor(ops[op].request, hints);
        await fc.assert(
          fc.asyncProperty(mutatedFrame(op, body), async (wire) => {
            const answer = await mallory.exchange(wire);
            await expectCatalogueAnswer(wire, answer);
          }),
          fuzzOptions(),
        );
        await expectServerAnswering();
      },
      fuzzTimeout(FUZZ_RUNS),
    );
  }

  it(
    'refuses every op on a socket that has not logged in, and stores nothing',
    async () => {
      const visitor = await FuzzSocket.open(server);
      // Login included: a generated userSig must never let a visitor in.
      const anyOp = fc.constantFrom(...opNames);
      await fc.assert(
        fc.asyncProperty(
          anyOp.chain((op) => mutatedFrame(op, arbitraryFor(ops[op].request, hints))),
          async (wire) => {
            const answer = await visitor.exchange(wire);
            expect(answer.ok, wire.label).toBe(false);
            await expectCatalogueAnswer(wire, answer);
          },
        ),
        fuzzOptions(FUZZ_RUNS * 3),
      );
      visitor.close();
      await expectServerAnswering();
    },
    fuzzTimeout(FUZZ_RUNS * 3),
  );
});

/** The answer is a response frame; a refusal carries a catalogue code and changed nothing. */
async function expectCatalogueAnswer(wire: WireFrame, answer: ResponseFrame): Promise<void> {
  if (answer.ok) {
    // Accepted frames may change state (that is their job); re-login after a logout.
    const alive = await mallory.request('heartbeat', {});
    if (!alive.ok && alive.error.code === ErrorCode.NOT_LOGGED_IN) await mallory.login(server, 'fz-mallory');
    state = await snapshot(server.db);
    return;
  }
  const { code, message } = answer.error;
  expect(isErrorCode(code), `${wire.label}: code ${code} is not in the catalogue`).toBe(true);
  expect(message, `${wire.label}: the error shows a stack`).not.toMatch(/\n\s+at [^\n]+:\d+:\d+/);
  expect(code, `${wire.label}: ${answer.error.message}`).not.toBe(ErrorCode.INTERNAL);
  expect(await snapshot(server.db), `${wire.label}: refused, yet stored state changed`).toEqual(state);
}

/** /healthz answers and an ordinary message still goes from one user to another. */
async function expectServerAnswering(): Promise<void> {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  const text = `probe ${Date.now()}`;
  const received = nextEvent<Array<{ payload: { text?: string } }>>(bob, LiaisonChat.EVENT.MESSAGE_RECEIVED, (list) =>
    list.some((m) => m.payload.text === text),
  );
  await sendText(alice, 'fz-bob', text);
  await received;
  state = await snapshot(server.db);
}
