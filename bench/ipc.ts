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
}

export interface ConnectResult {
  opened: number;
  failed: number;
  errors: Record<string, number>;
  elapsedMs: number;
  /** WebSocket open + login reply, per session. */
  login: HistogramData;
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
    }
  | { cmd: 'disconnect'; set: string }
  | { cmd: 'request'; set: string; userID: string; op: string; body: unknown }
  | { cmd: 'awaitGroup'; set: string; groupID: string; timeoutMs: number }
  | { cmd: 'traffic'; set: string; plan: TrafficPlan };

export interface CommandResults {
  connect: ConnectResult;
  disconnect: { closed: number };
  request: unknown;
  awaitGroup: { joined: number; missing: number };
  traffic: TrafficResult;
}

export type Envelope = { seq: number; command: Command };
export type Reply = { seq: number; ok: true; result: unknown } | { seq: number; ok: false; error: string };
