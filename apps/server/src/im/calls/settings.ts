import { CallLimits, type IceServer, iceServerSchema } from '@liaison/protocol';
import { z } from 'zod';

/** What the call service reads the time from and schedules with; tests move it by hand. */
export interface CallClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `run` after `ms`; the answer cancels it. Never keeps the process alive. */
  schedule(run: () => void, ms: number): () => void;
}

export const realClock: CallClock = {
  now: () => Date.now(),
  schedule(run, ms) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** How calls ring and which ICE servers browsers get (docs/calls.md). */
export interface CallSettings {
  /** CALL_INVITE_TIMEOUT_SECONDS: an unanswered invite is 'noAnswer' after this long. */
  inviteTimeoutSeconds: number;
  /** ICE_SERVERS: given as is (RTCIceServer list); when set, STUN_URL and TURN_* are not used. */
  iceServers: IceServer[] | null;
  /** STUN_URL: one STUN server, no credentials. */
  stunUrl: string | null;
  /**
   * TURN_URL + TURN_SECRET: a TURN server sharing this secret (coturn use-auth-secret), at one or
   * more URLs (plain on 3478 and TLS on 5349 take the same credentials).
   */
  turn: { urls: string[]; secret: string; ttlSeconds: number } | null;
  /**
   * Signals (offers, answers, ICE candidates) one connection may relay, per second and in a
   * burst. A peer connection sets up with one offer, one answer and a few dozen candidates, so a
   * full mesh of 9 stays well inside the burst.
   */
  signalsPerSecond: number;
  signalBurst: number;
  /**
   * IM_CALL_INVITES_PER_MINUTE, IM_CALL_INVITE_BURST: calls one user may start or invite people
   * to (each rings someone), sustained and in a burst, per server process. Calling, hanging up and
   * calling again a few times stays inside; ringing someone 30 times in a second and a half does not.
   */
  invitesPerMinute: number;
  inviteBurst: number;
  /** How often each process looks for invites past their deadline and participants whose process died. */
  sweepIntervalMs: number;
  clock: CallClock;
}

export const defaultCallSettings: CallSettings = {
  inviteTimeoutSeconds: CallLimits.INVITE_TIMEOUT_SECONDS,
  iceServers: null,
  stunUrl: null,
  turn: null,
  signalsPerSecond: 50,
  signalBurst: 400,
  invitesPerMinute: 6,
  inviteBurst: 10,
  sweepIntervalMs: 5_000,
  clock: realClock,
};

/** The TURN credentials handed out last this long by default (TURN_TTL_SECONDS). */
const DEFAULT_TURN_TTL_SECONDS = 3600;

export function callsFromEnv(env: NodeJS.ProcessEnv): Partial<CallSettings> {
  const inviteTimeoutSeconds = integer(env, 'CALL_INVITE_TIMEOUT_SECONDS', CallLimits.INVITE_TIMEOUT_SECONDS, 5, 3600);
  const iceServers = env.ICE_SERVERS ? parseIceServers(env.ICE_SERVERS) : null;
  const stunUrl = env.STUN_URL || null;
  if (stunUrl !== null && !/^stuns?:/.test(stunUrl)) throw new Error(`STUN_URL must be a stun: URL, got "${stunUrl}"`);
  const turnUrls = (env.TURN_URL ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  const turnSecret = env.TURN_SECRET || null;
  if ((turnUrls.length === 0) !== (turnSecret === null))
    throw new Error('TURN_URL and TURN_SECRET must be set together');
  for (const url of turnUrls)
    if (!/^turns?:/.test(url)) throw new Error(`TURN_URL must list turn: or turns: URLs, got "${url}"`);
  const ttlSeconds = integer(env, 'TURN_TTL_SECONDS', DEFAULT_TURN_TTL_SECONDS, 60, 7 * 24 * 3600);
  const max = Number.MAX_SAFE_INTEGER;
  return {
    inviteTimeoutSeconds,
    invitesPerMinute: integer(env, 'IM_CALL_INVITES_PER_MINUTE', defaultCallSettings.invitesPerMinute, 1, max),
    inviteBurst: integer(env, 'IM_CALL_INVITE_BURST', defaultCallSettings.inviteBurst, 1, max),
    iceServers,
    stunUrl,
    turn: turnUrls.length > 0 && turnSecret !== null ? { urls: turnUrls, secret: turnSecret, ttlSeconds } : null,
  };
}

function parseIceServers(raw: string): IceServer[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error('ICE_SERVERS must be JSON: an array of {urls, username?, credential?}');
  }
  const parsed = z.array(iceServerSchema).safeParse(value);
  if (!parsed.success) throw new Error('ICE_SERVERS must be an array of {urls, username?, credential?}');
  return parsed.data;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}
