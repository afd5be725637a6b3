/** What the orchestrator (bench/run.ts) and the load-generator workers (bench/worker.ts) say to each other. */
import type { HistogramData } from './histogram';

export interface AppCredentials {
  sdkAppID: number;
  secretKey: string;
}

export interface Sender {
  from: string;
  /** Peer userID (C2C) or groupID (GROUP). */
  to: string;
  type: 'C2C' | 'GROUP';
}

export interface TrafficPlan {
  senders: Sender[];
  /** closed: each sender keeps `window` sends in flight. open: `rate` msg/s on a fixed schedule. */
  mode: 'closed' | 'open';
  window: number;
  /** This worker's share of the offered rate, msg/s (open mode). */
  rate: number;
  /** Open mode: a sender with this many unacknowledged sends skips its slot (counted as notSent). */
  maxInflight: number;
  /** Epoch ms at which every worker starts sending. */
  startAt: number;
  warmupMs: number;
  durationMs: number;
  /** After the window: how long to wait for outstanding acks and pushes. */
  drainMs: number;
  msgBytes: number;
  /** Makes message IDs unique across runs against the same database. */
  runTag: string;
  /**
   * Typing traffic (`npm run bench -- typing`): before each message its sender sends this many
   * setTypingStatus (a fraction: one every 1/n messages), alternating start and stop so that
   * none is coalesced away; 0 or absent: none.
   */
  typingPerMessage?: number;
}

export interface TrafficResult {
  sent: number;
  acked: number;
  /** Error replies by catalogue code. */
  failed: Record<string, number>;
  /** Still unacknowledged when the drain ended. */
  unacked: number;
  /** Open mode: scheduled sends skipped because the sender had maxInflight outstanding. */
  notSent: number;
  sentInWindow: number;
  ackedInWindow: number;
  deliveredInWindow: number;
  /** Every message push received, warm-up and drain included. */
  delivered: number;
  /** Send (scheduled send in open mode) → recipient push, for messages sent inside the window. */
  e2e: HistogramData;
  /** Send → ack (committed), for messages sent inside the window. */
  ack: HistogramData;
  /** Open mode: worst lateness of the send timer behind the schedule, ms. */
  maxLagMs: number;
  /** With typingPerMessage: setTypingStatus sent, answered ok, refused (by code), and typing pushes received. */
  typing?: { sent: number; acked: number; failed: Record<string, number>; delivered: number };
}

export interface ConnectResult {
  opened: number;
  failed: number;
  errors: Record<string, number>;
  elapsedMs: number;
  /** WebSocket open + login reply, per session. */
  login: HistogramData;
}

/** Users enrolled in a group one by one: logged in, joined (when a group is named), disconnected. */
export interface EnrolResult {
  enrolled: number;
  failed: number;
  errors: Record<string, number>;
  /** joinGroup answered AlreadyInGroup. */
  alreadyInGroup: number;
  elapsedMs: number;
  /** WebSocket open + login reply. */
  login: HistogramData;
  /** joinGroup request → reply. */
  join: HistogramData;
}

export interface StormPlan {
  /** The set of clients that lose their connections at once. */
  set: string;
  /** Clients that stay connected and send to the storm clients (sender i → storm clients i, i + n, …). */
  senderSet: string;
  /** Two clients that stay connected: `from` sends to `to` throughout, timed. */
  probeSet: string;
  probe: { from: string; to: string };
  url: string;
  app: AppCredentials;
  sigExpireSeconds: number;
  /** Messages per second from the senders to the storm clients, before, during and after the storm. */
  rate: number;
  probeIntervalMs: number;
  /** Probe and traffic before the drop (the baseline), and after everyone is back. */
  calmMs: number;
  /** Reconnects still missing after this long are given up (and reported). */
  reconnectTimeoutMs: number;
  /** SDK-like reconnect backoff: first delay in [initial/2, initial], doubling, capped. */
  backoffInitialMs: number;
  backoffMaxMs: number;
  runTag: string;
}

export interface StormResult {
  clients: number;
  reconnected: number;
  /** Drop → every client logged in again (or the timeout). */
  reconnectWallMs: number;
  /** Drop → this client logged in again. */
  reconnect: HistogramData;
  /** Connection attempts that failed before succeeding, by error. */
  attemptErrors: Record<string, number>;
  /** Probe send → ack, before the drop and from the drop until everyone is back. */
  probeBefore: HistogramData;
  probeDuring: HistogramData;
  probeFailed: number;
  /** Messages sent to storm clients, acknowledged, failed. */
  sent: number;
  acked: number;
  failed: Record<string, number>;
  /** Acknowledged while their recipient was away (between drop and its re-login). */
  ackedWhileAway: number;
  /** Acknowledged messages their recipient never got, by push or by the catch-up after re-login. */
  missing: number;
  /** Recovered by the catch-up (syncMessages) rather than pushed. */
  recoveredBySync: number;
}

export type Command =
  | {
      cmd: 'connect';
      set: string;
      url: string;
      /** null: the relay, which takes any userSig. */
      app: AppCredentials | null;
      userIDs: string[];
      concurrency: number;
      sigExpireSeconds: number;
      /** Local addresses the sockets are bound to, in turn (127.0.0.1, 127.0.0.2, …); absent or empty: the OS picks. */
      sourceAddresses?: string[];
    }
  | { cmd: 'disconnect'; set: string }
  | { cmd: 'request'; set: string; userID: string; op: string; body: unknown }
  | { cmd: 'awaitGroup'; set: string; groupID: string; timeoutMs: number }
  | { cmd: 'traffic'; set: string; plan: TrafficPlan }
  | { cmd: 'storm'; plan: StormPlan }
  | {
      cmd: 'enrol';
      url: string;
      app: AppCredentials;
      userIDs: string[];
      /** Joined right after each login; absent: the login alone (which creates the user). */
      groupID?: string;
      concurrency: number;
      sigExpireSeconds: number;
    };

export interface CommandResults {
  connect: ConnectResult;
  disconnect: { closed: number };
  request: unknown;
  awaitGroup: { joined: number; missing: number };
  traffic: TrafficResult;
  storm: StormResult;
  enrol: EnrolResult;
}

export type Envelope = { seq: number; command: Command };
export type Reply = { seq: number; ok: true; result: unknown } | { seq: number; ok: false; error: string };
