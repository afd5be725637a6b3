/** Worker side of the throughput scenarios: drives the senders of one worker and counts what arrives. */
import { Histogram } from './histogram';
import type { TrafficPlan, TrafficResult } from './ipc';
import { type LeanClient, now, stampedText } from './load-client';
import { sleep } from './proc';

export async function runTraffic(clients: Map<string, LeanClient>, plan: TrafficPlan): Promise<TrafficResult> {
  const windowStart = plan.startAt + plan.warmupMs;
  const windowEnd = windowStart + plan.durationMs;
  const padding = sampleText(Math.max(0, plan.msgBytes - 20));
  const e2e = new Histogram();
  const ack = new Histogram();
  const failed: Record<string, number> = {};
  const r = { sent: 0, acked: 0, notSent: 0, sentInWindow: 0, ackedInWindow: 0, deliveredInWindow: 0, delivered: 0 };
  let maxLagMs = 0;
  let lastActivity = 0;
  let seq = 0;

  const typingPerMessage = plan.typingPerMessage ?? 0;
  const typing = { sent: 0, acked: 0, failed: {} as Record<string, number>, delivered: 0 };
  const typingState = new Map<string, boolean>();
  const typingCredit = new Map<string, number>();
  for (const client of clients.values()) {
    if (typingPerMessage > 0) {
      client.onTyping = () => {
        lastActivity = now();
        typing.delivered++;
      };
    }
    client.onMessage = (stamp) => {
      const t = now();
      lastActivity = t;
      r.delivered++;
      if (t >= windowStart && t < windowEnd) r.deliveredInWindow++;
      if (stamp >= windowStart && stamp < windowEnd) e2e.record(t - stamp);
    };
  }

  const senders = plan.senders.map((s) => {
    const client = clients.get(s.from);
    if (!client) throw new Error(`sender ${s.from} is not connected in this worker`);
    return { ...s, client };
  });

  /** Sends one message stamped with `stamp` (actual or scheduled send time); `then` runs on its reply. */
  const send = (s: (typeof senders)[number], stamp: number, then: () => void): void => {
    if (typingPerMessage > 0) {
      // A fraction: one typing request every 1 / typingPerMessage messages of this sender.
      let credit = (typingCredit.get(s.from) ?? 0) + typingPerMessage;
      for (; credit >= 1; credit--) sendTyping(s);
      typingCredit.set(s.from, credit);
    }
    const body = JSON.stringify({
      ID: `${s.from}.${plan.runTag}.${++seq}`,
      conversationType: s.type,
      to: s.to,
      type: 'TIMTextElem',
      payload: { text: stampedText(stamp, padding) },
      clientTime: Math.floor(stamp / 1000),
      random: seq,
    });
    const inWindow = stamp >= windowStart && stamp < windowEnd;
    const ok = s.client.sendRaw('sendMessage', body, (accepted, frame) => {
      const t = now();
      lastActivity = t;
      if (accepted) {
        r.acked++;
        if (t >= windowStart && t < windowEnd) r.ackedInWindow++;
        if (inWindow) ack.record(t - stamp);
      } else {
        const code = /"code":(-?\d+)/.exec(frame)?.[1] ?? 'unknown';
        failed[code] = (failed[code] ?? 0) + 1;
      }
      then();
    });
    if (ok) {
      r.sent++;
      if (inWindow) r.sentInWindow++;
    } else {
      failed.socketClosed = (failed.socketClosed ?? 0) + 1;
    }
  };

  /** One setTypingStatus to the sender's peer: the opposite of the last one, so the server relays it. */
  const sendTyping = (s: (typeof senders)[number]): void => {
    const isTyping = !(typingState.get(s.from) ?? false);
    typingState.set(s.from, isTyping);
    const body = `{"conversationID":"C2C${s.to}","isTyping":${isTyping}}`;
    const ok = s.client.sendRaw('setTypingStatus', body, (accepted, frame) => {
      lastActivity = now();
      if (accepted) typing.acked++;
      else {
        const code = /"code":(-?\d+)/.exec(frame)?.[1] ?? 'unknown';
        typing.failed[code] = (typing.failed[code] ?? 0) + 1;
      }
    });
    if (ok) typing.sent++;
  };

  await sleep(Math.max(0, plan.startAt - now()));

  if (plan.mode === 'closed') {
    // Each sender keeps `window` sends in flight: every reply triggers the next send until the window ends.
    const loop = (s: (typeof senders)[number]) => {
      const t = now();
      if (t < windowEnd && !s.client.closed) send(s, t, () => loop(s));
    };
    for (const s of senders) for (let i = 0; i < plan.window; i++) loop(s);
    await sleep(Math.max(0, windowEnd - now()));
  } else if (senders.length > 0 && plan.rate > 0) {
    // Open loop: message k is due at startAt + k / rate, whatever the replies do. It is stamped with
    // its scheduled time, so a late timer or a slow server shows up in the latency (no coordinated omission).
    const interval = 1000 / plan.rate;
    const total = Math.floor((windowEnd - plan.startAt) / interval);
    let k = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const t = now();
        while (k < total && plan.startAt + k * interval <= t) {
          const due = plan.startAt + k * interval;
          const s = senders[k % senders.length] as (typeof senders)[number];
          k++;
          if (s.client.inflight >= plan.maxInflight) {
            r.notSent++;
            continue;
          }
          if (t - due > maxLagMs) maxLagMs = t - due;
          send(s, due, () => undefined);
        }
        if (k < total && t < windowEnd + 1000) setTimeout(tick, 1);
        else resolve();
      };
      tick();
    });
  }

  // Drain: wait for outstanding acks and pushes, until nothing has arrived for 500 ms (bounded).
  const drainEnd = now() + plan.drainMs;
  lastActivity = Math.max(lastActivity, now());
  while (now() < drainEnd) {
    if (senders.every((s) => s.client.inflight === 0) && now() - lastActivity > 500) break;
    await sleep(50);
  }
  for (const client of clients.values()) {
    client.onMessage = () => undefined;
    client.onTyping = () => undefined;
  }

  return {
    ...r,
    failed,
    unacked: [...new Set(senders.map((s) => s.client))].reduce((n, c) => n + c.inflight, 0),
    e2e: e2e.toJSON(),
    ack: ack.toJSON(),
    maxLagMs: Math.round(maxLagMs * 100) / 100,
    ...(typingPerMessage > 0 ? { typing } : {}),
  };
}

/** What users write: supply-chain talk in Chinese, English and numbers (search indexes each kind differently). */
const SAMPLE = '请确认采购订单PO-2026-118的交期和报价单, SKU12345 ships next week; 质检报告已发. ';

/** SAMPLE repeated and cut to at most `bytes` bytes of UTF-8. */
export function sampleText(bytes: number): string {
  let text = '';
  for (const char of SAMPLE.repeat(Math.ceil(bytes / SAMPLE.length) + 1)) {
    if (Buffer.byteLength(text + char) > bytes) break;
    text += char;
  }
  return text;
}
