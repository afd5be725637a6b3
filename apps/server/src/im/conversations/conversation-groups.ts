import { type ConversationBatchResult, ErrorCode, LiaisonError, Limits } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { c2cKey, groupKey } from '../messages/keys';
import { changeVisible, requireSome } from './conversation-batch';
import { listConversationsByKey } from './conversations';

/** A change of the user's conversation groups: the batch answer and the groups' names after it. */
export type GroupChange = ConversationBatchResult & { groupNameList: string[] };

/** The user's conversation groups by name, oldest first. */
export async function groupNames(db: Sql, userID: string): Promise<string[]> {
  const rows = await db.query<{ group_name: string }>(
    'SELECT group_name FROM conversation_groups WHERE user_id = $1 ORDER BY created_at, group_name',
    [userID],
  );
  return rows.map((row) => row.group_name);
}

/** createConversationGroup: a new group (at most 20, names unique) holding conversations in the list. */
export async function createGroup(
  db: Sql,
  userID: string,
  groupName: string,
  conversationIDList: readonly string[],
): Promise<GroupChange> {
  const names = await groupNames(db, userID);
  if (names.includes(groupName)) throw new LiaisonError(ErrorCode.CONVERSATION_GROUP_EXISTS);
  if (names.length >= Limits.CONVERSATION_GROUPS_MAX) throw new LiaisonError(ErrorCode.CONVERSATION_GROUP_LIMIT);
  const result = requireSome(
    await changeVisible(db, userID, conversationIDList, async (found) => {
      const now = Date.now();
      await db.query('INSERT INTO conversation_groups (user_id, group_name, created_at) VALUES ($1, $2, $3)', [
        userID,
        groupName,
        now,
      ]);
      await addMembers(
        db,
        userID,
        groupName,
        found.map((ref) => ref.key),
        now,
      );
    }),
  );
  return { ...result, groupNameList: await groupNames(db, userID) };
}

/** deleteConversationGroup: the group goes; its conversations stay, out of it. */
export async function deleteGroup(db: Sql, userID: string, groupName: string): Promise<GroupChange> {
  const keys = await requireGroup(db, userID, groupName);
  await db.query('DELETE FROM conversation_groups WHERE user_id = $1 AND group_name = $2', [userID, groupName]);
  return groupChange(db, userID, keys);
}

/** renameConversationGroup: its conversations follow the new name. */
export async function renameGroup(db: Sql, userID: string, oldName: string, newName: string): Promise<GroupChange> {
  const keys = await requireGroup(db, userID, oldName);
  if (newName !== oldName) {
    if ((await groupNames(db, userID)).includes(newName)) throw new LiaisonError(ErrorCode.CONVERSATION_GROUP_EXISTS);
    await db.query('UPDATE conversation_groups SET group_name = $3 WHERE user_id = $1 AND group_name = $2', [
      userID,
      oldName,
      newName,
    ]);
  }
  return groupChange(db, userID, keys);
}

/** addConversationsToGroup: conversations in the list join the group (at most 1000 in it). */
export async function addToGroup(
  db: Sql,
  userID: string,
  groupName: string,
  conversationIDList: readonly string[],
): Promise<GroupChange> {
  const members = new Set(await requireGroup(db, userID, groupName));
  const result = requireSome(
    await changeVisible(db, userID, conversationIDList, async (found) => {
      const added = found.map((ref) => ref.key).filter((key) => !members.has(key));
      if (members.size + added.length > Limits.CONVERSATION_GROUP_SIZE_MAX) {
        throw new LiaisonError(ErrorCode.CONVERSATION_GROUP_FULL);
      }
      await addMembers(db, userID, groupName, added, Date.now());
    }),
  );
  return { ...result, groupNameList: await groupNames(db, userID) };
}

/** deleteConversationsFromGroup: succeeds for the conversations that were in the group. */
export async function removeFromGroup(
  db: Sql,
  userID: string,
  groupName: string,
  conversationIDList: readonly string[],
): Promise<GroupChange> {
  await requireGroup(db, userID, groupName);
  let removed = new Set<string>();
  const result = requireSome(
    await changeVisible(db, userID, conversationIDList, async (found) => {
      const rows = await db.query<{ conv_key: string }>(
        `DELETE FROM conversation_group_members WHERE user_id = $1 AND group_name = $2 AND conv_key = ANY($3)
         RETURNING conv_key`,
        [userID, groupName, found.map((ref) => ref.key)],
      );
      removed = new Set(rows.map((row) => row.conv_key));
    }),
  );
  const conversationList = result.conversationList.filter((c) =>
    removed.has(c.type === 'C2C' ? c2cKey(userID, c.target) : groupKey(c.target)),
  );
  return {
    ...result,
    successConversationIDList: conversationList.map((c) => c.conversationID),
    conversationList,
    groupNameList: await groupNames(db, userID),
  };
}

async function addMembers(db: Sql, userID: string, groupName: string, keys: string[], now: number): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `INSERT INTO conversation_group_members (user_id, group_name, conv_key, added_at)
     SELECT $1, $2, k, $4 FROM unnest($3::text[]) AS k ON CONFLICT DO NOTHING`,
    [userID, groupName, keys, now],
  );
}

/** The group's conversation keys; 51009 when the user has no group of that name. */
async function requireGroup(db: Sql, userID: string, groupName: string): Promise<string[]> {
  // One row at least when the group exists (its conversations, or one NULL when it holds none).
  const rows = await db.query<{ conv_key: string | null }>(
    `SELECT m.conv_key FROM conversation_groups g
       LEFT JOIN conversation_group_members m ON m.user_id = g.user_id AND m.group_name = g.group_name
      WHERE g.user_id = $1 AND g.group_name = $2`,
    [userID, groupName],
  );
  if (rows.length === 0) throw new LiaisonError(ErrorCode.CONVERSATION_GROUP_NOT_FOUND);
  return rows.flatMap((row) => (row.conv_key === null ? [] : [row.conv_key]));
}

async function groupChange(db: Sql, userID: string, keys: readonly string[]): Promise<GroupChange> {
  const conversationList = await listConversationsByKey(db, userID, keys);
  return {
    successConversationIDList: [],
    failureConversationIDList: [],
    conversationList,
    groupNameList: await groupNames(db, userID),
  };
}
