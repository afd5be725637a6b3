import LiaisonChat, { CALL_EVENT, type Call, type CallEngine, type CallEventName, type Message } from '@liaison/sdk';
import { vi } from 'vitest';
import type { LiaisonServer } from '../app';
import type { CallClock } from '../im/calls/settings';
import { type Chat, connect, RawClient, wholeHistory } from './harness';

/** A clock for the call service that moves only when told (plus real time): timeouts without waiting. */
export class ManualClock implements CallClock {
  private offset = 0;
  private readonly due: Array<{ at: number; run: () => void }> = [];

  now = (): number => Date.now() + this.offset;

  schedule = (run: () => void, ms: number): (() => void) => {
    const entry = { at: this.now() + ms, run };
    this.due.push(entry);
    return () => {
      const i = this.due.indexOf(entry);
      if (i >= 0) this.due.splice(i, 1);
    };
  };

  /** Moves the clock on and runs what fell due, in order. */
  advance(ms: number): void {
    this.offset += ms;
    const ready = this.due.filter((entry) => entry.at <= this.now()).sort((a, b) => a.at - b.at);
    for (const entry of ready) {
      this.due.splice(this.due.indexOf(entry), 1);
      entry.run();
    }
  }
}

/** One tab: the SDK logged in, its call engine (signalling only: no WebRTC in Node) and what it heard. */
export interface CallTab {
  chat: Chat;
  engine: CallEngine;
  heard: Array<{ name: CallEventName; data: unknown }>;
}

const RECORDED: CallEventName[] = [
  CALL_EVENT.INVITED,
  CALL_EVENT.CALL_NOT_RINGING,
  CALL_EVENT.CALL_BEGIN,
  CALL_EVENT.USER_ACCEPT,
  CALL_EVENT.REJECT,
  CALL_EVENT.LINE_BUSY,
  CALL_EVENT.NO_RESP,
  CALL_EVENT.CALLING_CANCEL,
  CALL_EVENT.CALLING_END,
  CALL_EVENT.USER_ENTER,
  CALL_EVENT.USER_LEAVE,
  CALL_EVENT.ERROR,
];

export async function openTab(server: Pick<LiaisonServer, 'app' | 'url'>, userID: string): Promise<CallTab> {
  const chat = await connect(server, userID, { webRTC: null });
  return listenedTo(chat, chat.getCallEngine());
}

/**
 * A tab in a browser that has RTCPeerConnection but no media devices (an old browser, a page
 * not served over HTTPS): its engine finds WebRTC unsupported, so a call it answers fails.
 */
export async function openTabWithoutMediaDevices(
  server: Pick<LiaisonServer, 'app' | 'url'>,
  userID: string,
): Promise<CallTab> {
  const chat = await connect(server, userID, { webRTC: undefined });
  vi.stubGlobal('RTCPeerConnection', class {});
  vi.stubGlobal('navigator', {});
  try {
    return listenedTo(chat, chat.getCallEngine());
  } finally {
    vi.unstubAllGlobals();
  }
}

function listenedTo(chat: Chat, engine: CallEngine): CallTab {
  const heard: CallTab['heard'] = [];
  for (const name of RECORDED) engine.on(name, (data: unknown) => heard.push({ name, data }));
  return { chat, engine, heard };
}

/** Resolves with the data of the first event `name` the tab heard (now or later). */
export async function heardOn<T = unknown>(tab: CallTab, name: CallEventName, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = tab.heard.find((event) => event.name === name);
    if (found) return found.data as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function hasHeard(tab: CallTab, name: CallEventName): boolean {
  return tab.heard.some((event) => event.name === name);
}

/** A call record as a user's history has it: the outer reference-kit fields and the inner av_call ones. */
export interface SeenRecord {
  from: string;
  flow: Message['flow'];
  description: string;
  outer: { businessID: number; actionType: number; inviter: string; inviteeList: string[]; groupID: string };
  inner: {
    businessID: string;
    call_type: number;
    call_end?: number;
    line_busy?: string;
    liaison_failure?: string;
    liaison_failed_user?: string;
  };
}

/**
 * The call records in one side's history, once there is one: a record is a message the server
 * sends after the call has ended, so it may come after the events that tell of the end.
 */
export async function callRecords(chat: Chat, conversationID: string): Promise<SeenRecord[]> {
  let records: SeenRecord[] = [];
  await eventually(async () => {
    records = await readCallRecords(chat, conversationID);
    return records.length > 0;
  });
  return records;
}

async function readCallRecords(chat: Chat, conversationID: string): Promise<SeenRecord[]> {
  const records: SeenRecord[] = [];
  for (const message of await wholeHistory(chat, conversationID)) {
    if (message.type !== LiaisonChat.TYPES.MSG_CUSTOM) continue;
    const { data, description } = message.payload as { data: string; description: string };
    const outer = JSON.parse(data) as SeenRecord['outer'] & { data: string };
    if (outer.businessID !== 1) continue;
    records.push({
      from: message.from,
      flow: message.flow,
      description,
      outer: {
        businessID: outer.businessID,
        actionType: outer.actionType,
        inviter: outer.inviter,
        inviteeList: outer.inviteeList,
        groupID: outer.groupID,
      },
      inner: JSON.parse(outer.data) as SeenRecord['inner'],
    });
  }
  return records;
}

/** Polls an asynchronous check until it holds. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A bare protocol tab, for what the engine never sends and for signalling, which it keeps inside. */
export class RawTab {
  private constructor(private readonly raw: RawClient) {}

  static async open(server: Pick<LiaisonServer, 'app' | 'url'>, userID: string): Promise<RawTab> {
    const raw = await RawClient.open(server);
    const login = await raw.login(server, userID);
    if (!login.ok) throw new Error(`${userID} could not log in`);
    return new RawTab(raw);
  }

  request(op: string, body: unknown) {
    return this.raw.request(op, body);
  }

  /** The call a step answers with; a refusal throws. */
  async call(op: string, body: unknown): Promise<Call> {
    const answer = await this.raw.request(op, body);
    if (!answer.ok) throw new Error(`${op} refused: ${JSON.stringify(answer.error)}`);
    return (answer.data as { call: Call }).call;
  }

  signals(): unknown[] {
    return this.raw.pushes.filter((p) => p.event === 'callSignal').map((p) => p.data);
  }

  calls(): Array<{ change: string; call: Call }> {
    return this.raw.pushes.filter((p) => p.event === 'call').map((p) => p.data as { change: string; call: Call });
  }

  close(): void {
    this.raw.close();
  }
}
