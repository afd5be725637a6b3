/**
 * Worker side of a large group's setup (bench/scenarios/community.ts): each user logs in (which
 * creates the user), joins the group if one is named, and disconnects at once. Users who are not to
 * stay online are never connected together, so each join's group tip reaches only the few sessions
 * enrolling at that moment, not every member enrolled so far.
 */
import { genUserSig } from '../apps/server/src/auth/usersig';
import { Histogram } from './histogram';
import type { Command, EnrolResult } from './ipc';
import { LeanClient } from './load-client';
import { now } from './proc';

export async function enrol(command: Extract<Command, { cmd: 'enrol' }>): Promise<EnrolResult> {
  const login = new Histogram();
  const join = new Histogram();
  const errors: Record<string, number> = {};
  const r = { enrolled: 0, failed: 0, alreadyInGroup: 0 };
  let next = 0;
  const started = now();
  const one = async (userID: string) => {
    let client: LeanClient | null = null;
    try {
      const t = now();
      client = await LeanClient.connect(command.url, userID, {
        SDKAppID: command.app.sdkAppID,
        userSig: genUserSig(command.app, userID, command.sigExpireSeconds),
      });
      login.record(now() - t);
      if (command.groupID) {
        const j = now();
        const { status } = (await client.request('joinGroup', { groupID: command.groupID }, 120_000)) as {
          status: string;
        };
        join.record(now() - j);
        if (status === 'AlreadyInGroup') r.alreadyInGroup++;
      }
      r.enrolled++;
    } catch (err) {
      r.failed++;
      const key = String((err as Error).message ?? err).slice(0, 120);
      errors[key] = (errors[key] ?? 0) + 1;
    } finally {
      client?.close();
    }
  };
  const lane = async () => {
    while (next < command.userIDs.length) await one(command.userIDs[next++] as string);
  };
  await Promise.all(Array.from({ length: Math.max(1, command.concurrency) }, lane));
  return {
    ...r,
    errors,
    elapsedMs: Math.round(now() - started),
    login: login.toJSON(),
    join: join.toJSON(),
  };
}
