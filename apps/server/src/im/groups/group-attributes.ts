import {
  ErrorCode,
  LiaisonError,
  Limits,
  type OpRequestParsed,
  type OpResponse,
  type PushEvent,
  utf8ByteLength,
} from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import { groupTarget } from '../../bus/bus';
import type { Database, Sql } from '../../db/database';
import { loadAsMember } from './group-access';

/**
 * Group attributes (the reference's initGroupAttributes and its siblings; docs/groups.md): string
 * values any member may read and write, in every group type. The group row is locked while they
 * change, so the limits (16 keys, 16 KB together) hold whatever the number of writers. Every
 * change that changes something is pushed to the members as `groupAttributes`.
 */
export interface GroupDataDeps {
  db: Database;
  bus: Bus;
}

type Attributes = Record<string, string>;

export async function initGroupAttributes(
  deps: GroupDataDeps,
  userID: string,
  body: OpRequestParsed<'initGroupAttributes'>,
): Promise<OpResponse<'initGroupAttributes'>> {
  await changeAttributes(deps, userID, body.groupID, () => body.groupAttributes);
  return { groupAttributes: body.groupAttributes };
}

export async function setGroupAttributes(
  deps: GroupDataDeps,
  userID: string,
  body: OpRequestParsed<'setGroupAttributes'>,
): Promise<OpResponse<'setGroupAttributes'>> {
  await changeAttributes(deps, userID, body.groupID, (before) => ({ ...before, ...body.groupAttributes }));
  return { groupAttributes: body.groupAttributes };
}

/** keyList empty: all of them. Answers the keys that were there and are gone now. */
export async function deleteGroupAttributes(
  deps: GroupDataDeps,
  userID: string,
  body: OpRequestParsed<'deleteGroupAttributes'>,
): Promise<OpResponse<'deleteGroupAttributes'>> {
  const { deletedKeyList } = await changeAttributes(deps, userID, body.groupID, (before) => {
    if (body.keyList.length === 0) return {};
    const after = { ...before };
    for (const key of body.keyList) delete after[key];
    return after;
  });
  return { keyList: deletedKeyList };
}

/** keyList empty or absent: all of them; keys the group does not have are left out. */
export async function getGroupAttributes(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getGroupAttributes'>,
): Promise<OpResponse<'getGroupAttributes'>> {
  await loadAsMember(db, body.groupID, userID);
  const all = await attributesOf(db, body.groupID);
  const keys = body.keyList?.length ? body.keyList : Object.keys(all);
  return { groupAttributes: Object.fromEntries(keys.filter((k) => k in all).map((k) => [k, all[k] as string])) };
}

/** Replaces the group's attributes with `next(before)`, checks the limits, pushes what changed. */
async function changeAttributes(
  deps: GroupDataDeps,
  userID: string,
  groupID: string,
  next: (before: Attributes) => Attributes,
): Promise<Omit<PushEvent<'groupAttributes'>, 'groupID'>> {
  const change = await deps.db.transaction(async (tx) => {
    await loadAsMember(tx, groupID, userID, { lock: true });
    const before = await attributesOf(tx, groupID);
    const after = next(before);
    requireWithinLimits(after);
    const updatedKeyList = Object.keys(after).filter((key) => before[key] !== after[key]);
    const deletedKeyList = Object.keys(before).filter((key) => !(key in after));
    if (deletedKeyList.length > 0) {
      await tx.query('DELETE FROM group_attributes WHERE group_id = $1 AND key = ANY($2)', [groupID, deletedKeyList]);
    }
    if (updatedKeyList.length > 0) {
      await tx.query(
        `INSERT INTO group_attributes (group_id, key, value)
           SELECT $1, k, v FROM unnest($2::text[], $3::text[]) AS a(k, v)
         ON CONFLICT (group_id, key) DO UPDATE SET value = EXCLUDED.value`,
        [groupID, updatedKeyList, updatedKeyList.map((key) => after[key])],
      );
    }
    return { groupAttributes: after, updatedKeyList, deletedKeyList };
  });
  if (change.updatedKeyList.length > 0 || change.deletedKeyList.length > 0) {
    deps.bus.publish([groupTarget(groupID)], { event: 'groupAttributes', data: { groupID, ...change } });
    await deps.bus.flush();
  }
  return change;
}

function requireWithinLimits(attributes: Attributes): void {
  const keys = Object.keys(attributes);
  if (keys.length > Limits.GROUP_ATTRIBUTE_KEYS_MAX) throw new LiaisonError(ErrorCode.GROUP_ATTRIBUTE_KEY_COUNT_LIMIT);
  const bytes = keys.reduce((sum, key) => sum + utf8ByteLength(key) + utf8ByteLength(attributes[key] ?? ''), 0);
  if (bytes > Limits.GROUP_ATTRIBUTES_TOTAL_MAX_BYTES) throw new LiaisonError(ErrorCode.GROUP_ATTRIBUTES_TOO_LARGE);
}

async function attributesOf(db: Sql, groupID: string): Promise<Attributes> {
  const rows = await db.query<{ key: string; value: string }>(
    'SELECT key, value FROM group_attributes WHERE group_id = $1 ORDER BY key',
    [groupID],
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
