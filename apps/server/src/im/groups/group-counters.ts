import { ErrorCode, LiaisonError, Limits, type OpRequestParsed, type OpResponse } from '@liaison/protocol';
import { groupTarget } from '../../bus/bus';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { loadAsMember } from './group-access';
import type { GroupDataDeps } from './group-attributes';

/**
 * Group counters (the reference's setGroupCounters and its siblings; docs/groups.md): integers any
 * member may read and change, in every group type. The arithmetic is done by the database
 * (value = value + n), so increments from any number of processes at once all count; only a key
 * the group does not have yet takes the group's lock, to keep it at 20 keys. Every change is
 * pushed to the members as `groupCounters`.
 */
type Counters = Record<string, number>;

export async function setGroupCounters(
  deps: GroupDataDeps,
  userID: string,
  body: OpRequestParsed<'setGroupCounters'>,
): Promise<OpResponse<'setGroupCounters'>> {
  const keys = Object.keys(body.counters);
  const counters = await deps.db.transaction(async (tx) => {
    await loadAsMember(tx, body.groupID, userID, { lock: true });
    await requireRoomFor(tx, body.groupID, keys);
    const rows = await tx.query<{ key: string; value: unknown }>(
      `INSERT INTO group_counters (group_id, key, value)
         SELECT $1, k, v FROM unnest($2::text[], $3::bigint[]) AS c(k, v)
       ON CONFLICT (group_id, key) DO UPDATE SET value = EXCLUDED.value RETURNING key, value`,
      [body.groupID, keys, keys.map((key) => body.counters[key])],
    );
    return toCounters(rows);
  });
  await publishCounters(deps, body.groupID, counters);
  return { counters };
}

export function increaseGroupCounter(
  deps: GroupDataDeps,
  userID: string,
  body: OpRequestParsed<'increaseGroupCounter'>,
): Promise<OpResponse<'increaseGroupCounter'>> {
  return changeCounter(deps, userID, body, body.value);
}

export function decreaseGroupCounter(
  deps: GroupDataDeps,
  userID: string,
  body: OpRequestParsed<'decreaseGroupCounter'>,
): Promise<OpResponse<'decreaseGroupCounter'>> {
  return changeCounter(deps, userID, body, -body.value);
}

/** keyList empty or absent: every counter; keys the group does not have are left out. */
export async function getGroupCounters(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getGroupCounters'>,
): Promise<OpResponse<'getGroupCounters'>> {
  await loadAsMember(db, body.groupID, userID);
  const keyList = body.keyList?.length ? body.keyList : null;
  const rows = await db.query<{ key: string; value: unknown }>(
    `SELECT key, value FROM group_counters WHERE group_id = $1 AND ($2::text[] IS NULL OR key = ANY($2)) ORDER BY key`,
    [body.groupID, keyList],
  );
  return { counters: toCounters(rows) };
}

async function changeCounter(
  deps: GroupDataDeps,
  userID: string,
  body: { groupID: string; key: string },
  delta: number,
): Promise<{ counters: Counters }> {
  const { groupID, key } = body;
  const counters = await deps.db.transaction(async (tx) => {
    await loadAsMember(tx, groupID, userID);
    let rows = await tx.query<{ key: string; value: unknown }>(
      'UPDATE group_counters SET value = value + $3 WHERE group_id = $1 AND key = $2 RETURNING key, value',
      [groupID, key, delta],
    );
    if (rows.length === 0) {
      await loadAsMember(tx, groupID, userID, { lock: true });
      await requireRoomFor(tx, groupID, [key]);
      rows = await tx.query(
        `INSERT INTO group_counters (group_id, key, value) VALUES ($1, $2, $3)
         ON CONFLICT (group_id, key) DO UPDATE SET value = group_counters.value + EXCLUDED.value RETURNING key, value`,
        [groupID, key, delta],
      );
    }
    return toCounters(rows);
  });
  await publishCounters(deps, groupID, counters);
  return { counters };
}

/** A key the group does not have yet must not take it past 20 (10004). Run under the group's lock. */
async function requireRoomFor(tx: Sql, groupID: string, keys: readonly string[]): Promise<void> {
  const [row] = await tx.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM group_counters WHERE group_id = $1 AND NOT (key = ANY($2))',
    [groupID, [...keys]],
  );
  if (toNumber(row?.n) + keys.length > Limits.GROUP_COUNTER_KEYS_MAX) {
    throw new LiaisonError(
      ErrorCode.GROUP_INVALID_PARAMS,
      `A group holds at most ${Limits.GROUP_COUNTER_KEYS_MAX} counters`,
    );
  }
}

/** Values outside what a JavaScript number holds exactly are refused, and the change with them. */
function toCounters(rows: ReadonlyArray<{ key: string; value: unknown }>): Counters {
  const counters: Counters = {};
  for (const row of rows) {
    const value = BigInt(String(row.value));
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new LiaisonError(ErrorCode.GROUP_INVALID_PARAMS, `counter ${row.key} would leave the integer range`);
    }
    counters[row.key] = Number(value);
  }
  return counters;
}

async function publishCounters(deps: GroupDataDeps, groupID: string, counters: Counters): Promise<void> {
  const counterList = Object.entries(counters).map(([key, value]) => ({ key, value }));
  deps.bus.publish([groupTarget(groupID)], { event: 'groupCounters', data: { groupID, counterList } });
  await deps.bus.flush();
}
