/**
 * Group throughput: one Community group, every member online, a few members sending. Each message
 * is persisted once and pushed to every other member's session.
 */
import { Limits } from '@liaison/protocol';
import { split } from '../generator';
import type { Sender } from '../ipc';
import { connectSessions, disconnectSessions, requireOpened } from './connect';
import type { ScenarioContext } from './context';
import { runThroughput, type ThroughputResult } from './throughput';

export async function groupScenario(
  ctx: ScenarioContext,
  mode: 'closed' | 'open',
): Promise<ThroughputResult & { members: number }> {
  const { cfg, gen } = ctx;
  const prefix = `${ctx.tag}g${mode === 'closed' ? 's' : 'o'}`;
  const members = Array.from({ length: cfg.groupMembers }, (_, i) => `${prefix}${i}`);
  const membersByWorker = split(members, gen.size);
  const set = `${prefix}-group`;
  const connected = await connectSessions(ctx, set, membersByWorker);
  requireOpened(connected, members.length, 'group');
  try {
    // Members must exist (they have logged in) before createGroup; past its 500-per-call limit, the rest join.
    const owner = members[0] as string;
    const initial = members.slice(1, Limits.CREATE_MEMBER_MAX);
    const created = (await gen.call(
      0,
      {
        cmd: 'request',
        set,
        userID: owner,
        op: 'createGroup',
        body: { type: 'Community', name: 'bench', memberList: initial.map((userID) => ({ userID })) },
      },
      120_000,
    )) as { group: { groupID: string } };
    const groupID = created.group.groupID;
    const rest = members.slice(Limits.CREATE_MEMBER_MAX);
    for (let i = 0; i < rest.length; i += 50) {
      await Promise.all(
        rest
          .slice(i, i + 50)
          .map((userID) =>
            gen.call(
              members.indexOf(userID) % gen.size,
              { cmd: 'request', set, userID, op: 'joinGroup', body: { groupID } },
              60_000,
            ),
          ),
      );
    }
    // Deliveries start only once every session has been told it joined (its groupList push).
    const joined = await gen.all(() => ({ cmd: 'awaitGroup', set, groupID, timeoutMs: 30_000 }), 60_000);
    const missing = joined.reduce((n, j) => n + j.missing, 0);
    if (missing > 0) throw new Error(`group: ${missing} sessions never got their groupList push`);

    const senderIDs = new Set(members.slice(0, Math.min(cfg.groupSenders, members.length)));
    const sendersByWorker: Sender[][] = membersByWorker.map((ms) =>
      ms.filter((m) => senderIDs.has(m)).map((from) => ({ from, to: groupID, type: 'GROUP' as const })),
    );
    ctx.log(
      mode === 'closed'
        ? `group saturation: ${members.length} members, ${senderIDs.size} senders, window ${cfg.groupWindow}, ${cfg.durationS}s`
        : `group offered ${cfg.groupRate} msg/s: ${members.length} members, ${senderIDs.size} senders, ${cfg.durationS}s`,
    );
    const result = await runThroughput(ctx, set, sendersByWorker, {
      mode,
      window: cfg.groupWindow,
      rate: cfg.groupRate,
      recipientsPerMessage: members.length - 1,
    });
    ctx.log(
      `  acked ${result.ackedPerS} msg/s, delivered ${result.deliveredPerS} pushes/s, p50/p99 ${result.latencyMs.p50Ms}/${result.latencyMs.p99Ms} ms, cpu ${JSON.stringify(result.cpuCores)}`,
    );
    return { members: members.length, ...result };
  } finally {
    await disconnectSessions(ctx, set);
  }
}
