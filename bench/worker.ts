/**
 * A load-generator process, forked by bench/generator.ts. It holds sets of logged-in sessions and
 * runs the commands of bench/ipc.ts; it exits when its parent goes away.
 */
// The signer the server itself exports (the standard TLS-signature v2 format); imported by file so
// that a worker does not load the whole server (Fastify, PGlite) just to sign.
import { genUserSig } from '../apps/server/src/auth/usersig';
import { enrol } from './enrol';
import { Histogram } from './histogram';
import type { Command, CommandResults, ConnectResult, Envelope, Reply } from './ipc';
import { LeanClient } from './load-client';
import { now, sleep } from './proc';
import { runStorm } from './storm';
import { runTraffic } from './traffic';

const sets = new Map<string, Map<string, LeanClient>>();
/** groupIDs each user's sessions were told they joined (groupList pushes). */
const joinedGroups = new Map<string, Set<string>>();

function setOf(name: string): Map<string, LeanClient> {
  const existing = sets.get(name);
  if (existing) return existing;
  const set = new Map<string, LeanClient>();
  sets.set(name, set);
  return set;
}

async function connect(command: Extract<Command, { cmd: 'connect' }>): Promise<ConnectResult> {
  const set = setOf(command.set);
  const login = new Histogram();
  const errors: Record<string, number> = {};
  let opened = 0;
  let failed = 0;
  let next = 0;
  const started = now();
  const sources = command.sourceAddresses ?? [];
  const one = async (userID: string, index: number) => {
    const t = now();
    const sig = command.app ? genUserSig(command.app, userID, command.sigExpireSeconds) : 'relay';
    try {
      const client = await LeanClient.connect(
        command.url,
        userID,
        { SDKAppID: command.app?.sdkAppID ?? 1, userSig: sig },
        undefined,
        sources.length > 0 ? sources[index % sources.length] : undefined,
      );
      client.onPush = (push) => {
        if (push.event !== 'groupList') return;
        const joined = (push.data as { joined?: Array<{ groupID: string }> }).joined ?? [];
        const groups = joinedGroups.get(userID) ?? new Set<string>();
        joinedGroups.set(userID, groups);
        for (const g of joined) groups.add(g.groupID);
      };
      set.set(userID, client);
      login.record(now() - t);
      opened++;
    } catch (err) {
      failed++;
      const key = String((err as Error).message ?? err).slice(0, 120);
      errors[key] = (errors[key] ?? 0) + 1;
    }
  };
  const lane = async () => {
    while (next < command.userIDs.length) {
      const index = next++;
      await one(command.userIDs[index] as string, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, command.concurrency) }, lane));
  return { opened, failed, errors, elapsedMs: Math.round(now() - started), login: login.toJSON() };
}

async function awaitGroup(command: Extract<Command, { cmd: 'awaitGroup' }>) {
  const set = setOf(command.set);
  const deadline = now() + command.timeoutMs;
  const missing = () => [...set.keys()].filter((u) => !joinedGroups.get(u)?.has(command.groupID)).length;
  while (missing() > 0 && now() < deadline) await sleep(50);
  const m = missing();
  return { joined: set.size - m, missing: m };
}

async function handle(command: Command): Promise<CommandResults[Command['cmd']]> {
  switch (command.cmd) {
    case 'connect':
      return connect(command);
    case 'disconnect': {
      const set = setOf(command.set);
      for (const client of set.values()) client.close();
      const closed = set.size;
      sets.delete(command.set);
      return { closed };
    }
    case 'request': {
      const client = setOf(command.set).get(command.userID);
      if (!client) throw new Error(`${command.userID} is not connected in set ${command.set}`);
      return client.request(command.op, command.body, 120_000);
    }
    case 'awaitGroup':
      return awaitGroup(command);
    case 'traffic':
      return runTraffic(setOf(command.set), command.plan);
    case 'storm':
      return runStorm(setOf, command.plan);
    case 'enrol':
      return enrol(command);
  }
}

process.on('message', (envelope: Envelope) => {
  handle(envelope.command).then(
    (result) => process.send?.({ seq: envelope.seq, ok: true, result } satisfies Reply),
    (err: unknown) =>
      process.send?.({ seq: envelope.seq, ok: false, error: String((err as Error)?.stack ?? err) } satisfies Reply),
  );
});
// Never outlive the orchestrator.
process.on('disconnect', () => process.exit(0));
