/**
 * `npm run bench -- calls`: call signalling (issue 16's benchmark; no media is sent here; the
 * browser part, calls-browser.ts, times set-up with real WebRTC).
 *
 * 1. Set-up time: BENCH_CALL_SETUPS calls, one after another, between two SDK clients on
 *    loopback, each timed from `engine.call()` until the callee has accepted and the caller's
 *    peer connection has the callee's answer: the engine's own offer, answer and a trickled
 *    candidate went over sendCallSignal, as in a browser (calls-loopback-webrtc.ts stands in for
 *    WebRTC, so no media and no ICE checks). Phases: the invite push at the callee, the caller
 *    seeing the call connected, then the offer/answer.
 * 2. Ringing load: C2C messages at the offered rate (the c2c scenario's open loop, from the load
 *    generator) without, then with, BENCH_CALL_RINGING_CALLS calls that ring all through the
 *    measured run (one caller and one callee each: 1,000 calls = 2,000 users ringing at once),
 *    in alternating rounds. The figure is the C2C p99 with against without. The ringing clients are
 *    SDK clients in this process; they are put ringing before the run (the burst is timed too),
 *    checked to be still ringing after it, then cancelled.
 * Numbers only, never asserted.
 */
import { CallMediaType } from '@liaison/protocol';
import LiaisonChat, {
  CALL_EVENT,
  type CallEngine,
  type CallEventName,
  type ChatSDK,
  type WebRTCEnvironment,
} from '@liaison/sdk';
import { genUserSig } from '../../apps/server/src/auth/usersig';
import { Histogram, type LatencySummary } from '../histogram';
import { now, sleep } from '../proc';
import { c2cScenario } from './c2c';
import { loopbackWebRTC } from './calls-loopback-webrtc';
import { type ScenarioContext, SIG_EXPIRE_SECONDS } from './context';
import type { ThroughputResult } from './throughput';

export interface CallBenchSettings {
  /** Calls set up one after another for the set-up time. */
  setups: number;
  /** Calls ringing during the loaded runs, each between a caller and a callee of its own. */
  ringingCalls: number;
  /** Rounds of C2C without and with ringing (alternating order). */
  rounds: number;
  /** SDK logins in flight while the ringing clients connect. */
  loginConcurrency: number;
}

export function callBenchSettings(quick: boolean, env: NodeJS.ProcessEnv = process.env): CallBenchSettings {
  const count = (name: string, full: number, smoke: number, min: number) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? (quick ? smoke : full) : Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}`);
    return value;
  };
  return {
    setups: count('BENCH_CALL_SETUPS', 200, 20, 1),
    ringingCalls: count('BENCH_CALL_RINGING_CALLS', 1_000, 1_000, 1),
    rounds: count('BENCH_CALL_ROUNDS', 2, 1, 1),
    loginConcurrency: count('BENCH_CALL_LOGIN_CONCURRENCY', 50, 50, 1),
  };
}

type Run = ThroughputResult & { pairs: number };

export async function callsScenario(ctx: ScenarioContext, settings: CallBenchSettings) {
  const origin = new URL(ctx.target.healthUrl).origin;
  const setup = await measureSetup(ctx, origin, settings.setups);
  ctx.log(`call set-up: p50 ${setup.totalMs.p50Ms} ms, p95 ${setup.totalMs.p95Ms} ms over ${setup.calls} calls`);

  ctx.log(`ringing: logging in ${settings.ringingCalls * 2} SDK clients`);
  const pairs = await connectPairs(ctx, origin, `${ctx.tag}r`, settings.ringingCalls, settings.loginConcurrency);
  // The ringing clients live in this process: its CPU is theirs, not other jobs' on the machine.
  const loaded: ScenarioContext = { ...ctx, cpuGroups: { ...ctx.cpuGroups, ringingClients: () => [process.pid] } };
  const off: Run[] = [];
  const on: Run[] = [];
  const ringing: RingingRound[] = [];
  try {
    for (let round = 0; round < settings.rounds; round++) {
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const which of order) {
        const tag = `${ctx.tag}k${which === 'on' ? 'r' : 'n'}${round}`;
        ctx.log(`c2c offered ${ctx.cfg.c2cRate} msg/s, ringing ${which}, round ${round + 1} of ${settings.rounds}`);
        if (which === 'off') {
          off.push(await c2cScenario({ ...loaded, tag }, 'open'));
          continue;
        }
        const started = await ringAll(pairs);
        ctx.log(`  ${started.ringingCalls} calls ringing (${started.ringingUsers} users) in ${started.burstMs} ms`);
        try {
          on.push(await c2cScenario({ ...loaded, tag }, 'open'));
        } finally {
          ringing.push({ ...started, ...(await cancelAll(pairs)) });
        }
      }
    }
  } finally {
    await Promise.all(pairs.flatMap((p) => [close(p.caller), close(p.callee)]));
  }
  const p99 = (runs: Run[]) => max(runs.map((r) => r.latencyMs.p99Ms));
  const p99Off = p99(off);
  const p99On = p99(on);
  return {
    setup,
    ringing: {
      calls: settings.ringingCalls,
      users: settings.ringingCalls * 2,
      offeredC2cPerS: ctx.cfg.c2cRate,
      rounds: settings.rounds,
      /** The worst round's C2C p99 (send → recipient push), without and with the calls ringing. */
      c2cP99Ms: { ringingOff: p99Off, ringingOn: p99On },
      c2cP50Ms: {
        ringingOff: max(off.map((r) => r.latencyMs.p50Ms)),
        ringingOn: max(on.map((r) => r.latencyMs.p50Ms)),
      },
      onOverOffP99: p99Off && p99On ? Math.round((p99On / p99Off) * 100) / 100 : null,
      ringingRounds: ringing,
      runs: { ringingOff: off, ringingOn: on },
    },
  };
}

// ---------------------------------------------------------------------------------------------

interface Client {
  userID: string;
  chat: ChatSDK;
  engine: CallEngine;
}

interface Pair {
  caller: Client;
  callee: Client;
}

interface RingingRound {
  ringingCalls: number;
  ringingUsers: number;
  /** From the first startCall to the last invite push received. */
  burstMs: number;
  /** engine.call() → its answer, under the burst. */
  startCallMs: LatencySummary;
  /** engine.call() → the callee's INVITED event, under the burst. */
  invitePushMs: LatencySummary;
  failed: Record<string, number>;
}

async function measureSetup(ctx: ScenarioContext, origin: string, calls: number) {
  // The caller offers (it joined first): its connection has the answer when the exchange is done.
  // Each side also waits for the other's trickled candidate before the call is hung up, so that
  // no signal is still on its way to a call that has ended.
  const waits = { answered: () => {}, callerCandidate: () => {}, calleeCandidate: () => {} };
  const [caller, callee] = await Promise.all([
    connect(
      ctx,
      origin,
      `${ctx.tag}s-caller`,
      loopbackWebRTC({
        onConnected: () => waits.answered(),
        onRemoteCandidate: () => waits.callerCandidate(),
      }),
    ),
    connect(
      ctx,
      origin,
      `${ctx.tag}s-callee`,
      loopbackWebRTC({
        onConnected: () => undefined,
        onRemoteCandidate: () => waits.calleeCandidate(),
      }),
    ),
  ]);
  const next = (key: keyof typeof waits, what: string) =>
    withTimeout(
      new Promise<void>((resolve) => {
        waits[key] = resolve;
      }),
      15_000,
      what,
    );
  const total = new Histogram();
  const invite = new Histogram();
  const connected = new Histogram();
  const offerAnswer = new Histogram();
  try {
    for (let i = 0; i < calls; i++) {
      const exchanged = next('answered', 'offer/answer');
      const candidates = Promise.all([next('callerCandidate', 'candidate'), next('calleeCandidate', 'candidate')]);
      const invited = once(callee.engine, CALL_EVENT.INVITED);
      const begun = once(caller.engine, CALL_EVENT.CALL_BEGIN);
      const t0 = now();
      await caller.engine.call({ userID: callee.userID, type: CallMediaType.VIDEO });
      await invited;
      const t1 = now();
      await callee.engine.accept();
      await begun;
      const t2 = now();
      await exchanged;
      const t3 = now();
      total.record(t3 - t0);
      invite.record(t1 - t0);
      connected.record(t2 - t0);
      offerAnswer.record(t3 - t2);
      await candidates;
      const ended = Promise.all([
        once(caller.engine, CALL_EVENT.CALLING_END),
        once(callee.engine, CALL_EVENT.CALLING_END),
      ]);
      await caller.engine.hangup();
      await ended;
    }
  } finally {
    await Promise.all([close(caller), close(callee)]);
  }
  return {
    calls,
    /** engine.call() → accepted, and the caller's connection has the callee's answer (the set-up time). */
    totalMs: total.summary(),
    /** engine.call() → the callee's INVITED event. */
    invitePushMs: invite.summary(),
    /** engine.call() → the caller's CALL_BEGIN after the callee's accept(). */
    connectedMs: connected.summary(),
    /** CALL_BEGIN → the caller's connection has the answer: offer out, answer back. */
    offerAnswerMs: offerAnswer.summary(),
  };
}

async function connectPairs(
  ctx: ScenarioContext,
  origin: string,
  prefix: string,
  count: number,
  concurrency: number,
): Promise<Pair[]> {
  const pairs: Pair[] = [];
  const opened: Client[] = [];
  const track = (client: Client) => {
    opened.push(client);
    return client;
  };
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const [caller, callee] = await Promise.all([
        connect(ctx, origin, `${prefix}${i}a`).then(track),
        connect(ctx, origin, `${prefix}${i}b`).then(track),
      ]);
      pairs.push({ caller, callee });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.floor(concurrency / 2)) }, worker));
  } catch (err) {
    // A login that failed stops the scenario: the clients already in must not keep the bench alive.
    await Promise.all(opened.map(close));
    throw err;
  }
  return pairs;
}

/** Every pair's caller calls its callee at once; resolves when every invite has rung (or failed). */
async function ringAll(pairs: Pair[]): Promise<RingingRound> {
  const startCall = new Histogram();
  const invitePush = new Histogram();
  const failed: Record<string, number> = {};
  const t0 = now();
  const results = await Promise.all(
    pairs.map(async ({ caller, callee }) => {
      const sent = now();
      const invited = once(callee.engine, CALL_EVENT.INVITED, 60_000).then(() => invitePush.record(now() - sent));
      try {
        await caller.engine.call({ userID: callee.userID, type: CallMediaType.VIDEO });
        startCall.record(now() - sent);
        await invited;
        return true;
      } catch (err) {
        const code = String((err as { code?: unknown }).code ?? (err as Error).message);
        failed[code] = (failed[code] ?? 0) + 1;
        return false;
      }
    }),
  );
  const rung = results.filter(Boolean).length;
  return {
    ringingCalls: rung,
    ringingUsers: rung * 2,
    burstMs: Math.round(now() - t0),
    startCallMs: startCall.summary(),
    invitePushMs: invitePush.summary(),
    failed,
  };
}

/** Checks every call still rings, then every caller gives up (the call ends 'cancelled'). */
async function cancelAll(pairs: Pair[]): Promise<{ stillRingingAfterRun: number; cancelMs: number }> {
  const stillRinging = pairs.filter(
    (p) => p.caller.engine.getActiveCall()?.state === 'ringing' && p.callee.engine.isRingingHere(),
  ).length;
  const t0 = now();
  await Promise.all(
    pairs.map(async ({ caller, callee }) => {
      if (!caller.engine.getActiveCall()) return;
      const ended = once(callee.engine, CALL_EVENT.CALLING_CANCEL, 30_000);
      await caller.engine.hangup().catch(() => undefined);
      await ended.catch(() => undefined);
    }),
  );
  // Give the server a moment to write the call records before the next measured run.
  await sleep(1000);
  return { stillRingingAfterRun: stillRinging, cancelMs: Math.round(now() - t0) };
}

/** An SDK client logged in; without `webRTC` its engine does signalling only. */
async function connect(
  ctx: ScenarioContext,
  origin: string,
  userID: string,
  webRTC: WebRTCEnvironment | null = null,
): Promise<Client> {
  const app = ctx.target.app;
  if (!app) throw new Error('the calls bench needs a Liaison server (userSigs), not the relay');
  const chat = LiaisonChat.create({ SDKAppID: app.sdkAppID, server: origin, webRTC });
  const ready = new Promise<void>((resolve) => chat.on(LiaisonChat.EVENT.SDK_READY, () => resolve()));
  await chat.login({ userID, userSig: genUserSig(app, userID, SIG_EXPIRE_SECONDS) });
  await withTimeout(ready, 60_000, `${userID}: SDK_READY`);
  return { userID, chat, engine: chat.getCallEngine() };
}

/** The next `name` event (that passes `accept`), or a timeout. */
function once(
  engine: CallEngine,
  name: CallEventName,
  timeoutMs = 15_000,
  accept: (data: unknown) => boolean = () => true,
): Promise<void> {
  let handler: (data: unknown) => void = () => undefined;
  return withTimeout(
    new Promise<void>((resolve) => {
      handler = (data) => {
        if (accept(data)) resolve();
      };
      engine.on(name, handler);
    }),
    timeoutMs,
    `event ${name}`,
  ).finally(() => engine.off(name, handler));
}

async function close(client: Client): Promise<void> {
  await client.chat.destroy().catch(() => undefined);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function max(values: Array<number | null>): number | null {
  const real = values.filter((v): v is number => v !== null);
  return real.length ? Math.max(...real) : null;
}
