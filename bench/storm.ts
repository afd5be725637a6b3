/**
 * Worker side of the reconnect storm: every client of one set loses its connection at the same
 * moment and comes back as the SDK would (jittered exponential backoff, log in again, fetch what it
 * missed with syncMessages after the last sequence it saw), while senders keep sending to them and
 * a probe pair keeps sending to each other, timed.
 */
import { genUserSig } from '../apps/server/src/auth/usersig';
import { Histogram } from './histogram';
import type { StormPlan, StormResult } from './ipc';
import { LeanClient, now, stampedText } from './load-client';
import { sleep } from './proc';

interface Recipient {
  userID: string;
  sender: LeanClient;
  conversationID: string;
  /** Highest sequence seen in the conversation with its sender. */
  cursor: number;
  received: Set<string>;
  acked: Set<string>;
  away: boolean;
}

export async function runStorm(
  setOf: (name: string) => Map<string, LeanClient>,
  plan: StormPlan,
): Promise<StormResult> {
  const storm = setOf(plan.set);
  const senders = [...setOf(plan.senderSet).values()];
  const probeSet = setOf(plan.probeSet);
  const probeFrom = probeSet.get(plan.probe.from);
  if (!probeFrom || senders.length === 0) throw new Error('storm: senders and probe must be connected first');
  const recipients = [...storm.keys()].map((userID, i): Recipient => {
    const sender = senders[i % senders.length] as LeanClient;
    return {
      userID,
      sender,
      conversationID: `C2C${sender.userID}`,
      cursor: 0,
      received: new Set(),
      acked: new Set(),
      away: false,
    };
  });
  for (const r of recipients) listen(storm.get(r.userID) as LeanClient, r);

  const result = {
    sent: 0,
    acked: 0,
    ackedWhileAway: 0,
    recoveredBySync: 0,
    probeFailed: 0,
    failed: {} as Record<string, number>,
    attemptErrors: {} as Record<string, number>,
  };
  const probeBefore = new Histogram();
  const probeDuring = new Histogram();
  const clock: { phase: 'before' | 'during' | 'after' } = { phase: 'before' };
  let seq = 0;
  const body = (from: string, to: string, stamp: number) =>
    JSON.stringify({
      ID: `${from}.${plan.runTag}.${++seq}`,
      conversationType: 'C2C',
      to,
      type: 'TIMTextElem',
      payload: { text: stampedText(stamp, 'storm') },
      clientTime: Math.floor(stamp / 1000),
      random: seq,
    });

  // Senders → storm clients at plan.rate, round-robin; the probe at its own interval.
  let running = true;
  const traffic = (async () => {
    const start = now();
    let k = 0;
    let nextProbe = start;
    while (running) {
      const t = now();
      while (k < ((t - start) * plan.rate) / 1000) {
        const r = recipients[k++ % recipients.length] as Recipient;
        const text = body(r.sender.userID, r.userID, t);
        const id = (JSON.parse(text) as { ID: string }).ID;
        const sent = r.sender.sendRaw('sendMessage', text, (ok, frame) => {
          if (!ok) {
            const code = /"code":(-?\d+)/.exec(frame)?.[1] ?? 'unknown';
            result.failed[code] = (result.failed[code] ?? 0) + 1;
            return;
          }
          result.acked++;
          r.acked.add(id);
          if (r.away) result.ackedWhileAway++;
        });
        if (sent) result.sent++;
        else result.failed.senderClosed = (result.failed.senderClosed ?? 0) + 1;
      }
      if (t >= nextProbe) {
        nextProbe = t + plan.probeIntervalMs;
        const histogram = clock.phase === 'during' ? probeDuring : clock.phase === 'before' ? probeBefore : null;
        probeFrom.sendRaw('sendMessage', body(plan.probe.from, plan.probe.to, t), (ok) => {
          if (!ok) result.probeFailed++;
          else histogram?.record(now() - t);
        });
      }
      await sleep(5);
    }
  })();

  await sleep(plan.calmMs);
  // The storm: every connection of the set is gone at once.
  clock.phase = 'during';
  const dropAt = now();
  for (const r of recipients) {
    r.away = true;
    storm.get(r.userID)?.close();
  }
  const reconnect = new Histogram();
  let reconnected = 0;
  await Promise.all(
    recipients.map(async (r) => {
      for (let attempt = 0; now() - dropAt < plan.reconnectTimeoutMs; attempt++) {
        await sleep(backoffDelay(attempt, plan.backoffInitialMs, plan.backoffMaxMs));
        let client: LeanClient;
        try {
          client = await LeanClient.connect(plan.url, r.userID, {
            SDKAppID: plan.app.sdkAppID,
            userSig: genUserSig(plan.app, r.userID, plan.sigExpireSeconds),
          });
        } catch (err) {
          const key = String((err as Error).message ?? err).slice(0, 80);
          result.attemptErrors[key] = (result.attemptErrors[key] ?? 0) + 1;
          continue;
        }
        // Pushes on the new socket may run ahead of the gap; the catch-up starts from the old cursor.
        const seenBeforeDrop = r.cursor;
        listen(client, r);
        storm.set(r.userID, client);
        r.away = false;
        reconnect.record(now() - dropAt);
        reconnected++;
        await catchUp(client, r, seenBeforeDrop).then(
          (n) => (result.recoveredBySync += n),
          (err: unknown) => {
            const key = `catch-up: ${String((err as Error).message ?? err).slice(0, 70)}`;
            result.attemptErrors[key] = (result.attemptErrors[key] ?? 0) + 1;
          },
        );
        return;
      }
    }),
  );
  const reconnectWallMs = Math.round(now() - dropAt);
  clock.phase = 'after';
  await sleep(plan.calmMs);
  running = false;
  await traffic;
  // Drain: outstanding acks, then the pushes that follow them (bounded).
  const drainEnd = now() + 30_000;
  while (now() < drainEnd && senders.some((s) => s.inflight > 0)) await sleep(50);
  await sleep(1_000);

  let missing = 0;
  for (const r of recipients) for (const id of r.acked) if (!r.received.has(id)) missing++;
  return {
    clients: recipients.length,
    reconnected,
    reconnectWallMs,
    reconnect: reconnect.toJSON(),
    probeBefore: probeBefore.toJSON(),
    probeDuring: probeDuring.toJSON(),
    ...result,
    missing,
  };
}

function listen(client: LeanClient, r: Recipient): void {
  client.onMessage = (_stamp, frame) => {
    const message = (JSON.parse(frame) as { data: { message: { ID: string; sequence: number } } }).data.message;
    r.received.add(message.ID);
    r.cursor = Math.max(r.cursor, message.sequence);
  };
}

/** What the SDK does after logging in again: fetch the conversation past the last sequence it saw. */
async function catchUp(client: LeanClient, r: Recipient, afterSequence: number): Promise<number> {
  let recovered = 0;
  let after = afterSequence;
  for (;;) {
    const page = (await client.request(
      'syncMessages',
      { conversationID: r.conversationID, afterSequence: after },
      60_000,
    )) as { messageList: Array<{ ID: string; sequence: number }>; isCompleted: boolean };
    for (const m of page.messageList) {
      if (!r.received.has(m.ID)) recovered++;
      r.received.add(m.ID);
      r.cursor = Math.max(r.cursor, m.sequence);
      after = Math.max(after, m.sequence);
    }
    if (page.isCompleted || page.messageList.length === 0) return recovered;
  }
}

/** The SDK's reconnect delay: exponential, capped, "equal jitter". */
function backoffDelay(attempt: number, initialMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** attempt);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}
