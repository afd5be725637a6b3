import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type GroupProfile,
  LiaisonError,
  Limits,
  type OpRequestParsed,
  type OpResponse,
  TOPIC_ID_MARKER,
  type TopicProfile,
  type WireTopic,
} from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import { groupTarget } from '../../bus/bus';
import type { Database, Sql } from '../../db/database';
import { invalid, loadAsMember, requireManager } from '../groups/group-access';
import { listGroups } from '../groups/groups';
import { groupKey } from '../messages/keys';
import { ensureTopicViews, type TopicRow, topicProfile, topicsAsSeen } from './topic-views';

export interface TopicDeps {
  db: Database;
  bus: Bus;
}

/** getJoinedCommunityList: the caller's communities that support topics. */
export async function getJoinedCommunityList(db: Sql, userID: string): Promise<{ groupList: GroupProfile[] }> {
  return { groupList: (await listGroups(db, userID)).filter((group) => group.isSupportTopic) };
}

/**
 * The caller is a member of a live community that supports topics (10010, 10011, 10004 otherwise);
 * with `manage`, its owner or an admin (10007).
 */
async function requireCommunity(db: Sql, userID: string, groupID: string, manage: boolean): Promise<void> {
  const { actor } = await loadAsMember(db, groupID, userID);
  const [row] = await db.query<{ is_support_topic: boolean }>(
    'SELECT is_support_topic FROM groups WHERE group_id = $1',
    [groupID],
  );
  if (!row?.is_support_topic) throw invalid('the group is not a community that supports topics');
  if (manage) requireManager(actor, 'manage the topics of a community');
}

/**
 * createTopicInCommunity: a topic ID given must be the community's ID, @TOPIC#_ and a part of its
 * own (3021); one is made otherwise, as Tencent's server makes them. Every member gets a view of
 * the new topic's conversation, and TOPIC_CREATED.
 */
export async function createTopic(
  deps: TopicDeps,
  userID: string,
  req: OpRequestParsed<'createTopicInCommunity'>,
): Promise<OpResponse<'createTopicInCommunity'>> {
  await requireCommunity(deps.db, userID, req.groupID, true);
  const prefix = `${req.groupID}${TOPIC_ID_MARKER}`;
  if (req.topicID !== undefined && (!req.topicID.startsWith(prefix) || req.topicID.length === prefix.length)) {
    throw new LiaisonError(ErrorCode.ILLEGAL_TOPIC_ID);
  }
  const topicID = req.topicID ?? `${prefix}@TOPIC#${randomID()}`;
  const key = groupKey(topicID);
  const now = Date.now();
  await deps.db.transaction(async (tx) => {
    // The community's row, locked: topics are counted and added one creation at a time.
    await tx.query('SELECT 1 FROM groups WHERE group_id = $1 FOR UPDATE', [req.groupID]);
    const [count] = await tx.query<{ n: unknown }>('SELECT count(*) AS n FROM topics WHERE group_id = $1', [
      req.groupID,
    ]);
    if (Number(count?.n ?? 0) >= Limits.TOPICS_PER_COMMUNITY_MAX) {
      throw invalid(`a community holds at most ${Limits.TOPICS_PER_COMMUNITY_MAX} topics`);
    }
    await tx.query('INSERT INTO conversations (conv_key) VALUES ($1) ON CONFLICT DO NOTHING', [key]);
    const inserted = await tx.query(
      `INSERT INTO topics (topic_id, group_id, topic_name, avatar, introduction, notification, custom_data,
                           start_seq, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, c.max_seq, $8 FROM conversations c WHERE c.conv_key = $9
       ON CONFLICT (topic_id) DO NOTHING RETURNING topic_id`,
      [
        topicID,
        req.groupID,
        req.topicName,
        req.avatar ?? '',
        req.introduction ?? '',
        req.notification ?? '',
        req.customData ?? '',
        now,
        key,
      ],
    );
    if (inserted.length === 0) throw new LiaisonError(ErrorCode.GROUP_ID_TAKEN, 'The topic ID is already in use');
    await tx.query(
      `INSERT INTO user_conversations (user_id, conv_key, conv_type, target, read_seq, floor_seq, updated_at)
       SELECT m.user_id, $2, 'TOPIC', $3, c.max_seq, c.max_seq, $4
         FROM group_members m, conversations c WHERE m.group_id = $1 AND c.conv_key = $2
       ON CONFLICT (user_id, conv_key) DO UPDATE
         SET read_seq = EXCLUDED.read_seq, floor_seq = EXCLUDED.floor_seq, updated_at = EXCLUDED.updated_at`,
      [req.groupID, key, topicID, now],
    );
  });
  deps.bus.publish([groupTarget(req.groupID)], { event: 'topicCreated', data: { groupID: req.groupID, topicID } });
  await deps.bus.flush();
  return { topicID };
}

/**
 * deleteTopicFromCommunity: each topic named (every topic when none is) is deleted, or listed as a
 * failure (10010: not a topic of this community). Members lose their view of it; TOPIC_DELETED
 * names those deleted.
 */
export async function deleteTopics(
  deps: TopicDeps,
  userID: string,
  req: OpRequestParsed<'deleteTopicFromCommunity'>,
): Promise<OpResponse<'deleteTopicFromCommunity'>> {
  await requireCommunity(deps.db, userID, req.groupID, true);
  const named = req.topicIDList && req.topicIDList.length > 0 ? [...new Set(req.topicIDList)] : null;
  const deleted = await deps.db.transaction(async (tx) => {
    const rows = await tx.query<{ topic_id: string }>(
      `DELETE FROM topics WHERE group_id = $1 AND ($2::text[] IS NULL OR topic_id = ANY($2)) RETURNING topic_id`,
      [req.groupID, named],
    );
    const ids = rows.map((r) => r.topic_id);
    await tx.query(`DELETE FROM user_conversations WHERE conv_key = ANY($1) AND conv_type = 'TOPIC'`, [
      ids.map(groupKey),
    ]);
    return ids;
  });
  const failureTopicList = missingTopics(named, deleted);
  if (deleted.length > 0) {
    deps.bus.publish([groupTarget(req.groupID)], {
      event: 'topicDeleted',
      data: { groupID: req.groupID, topicIDList: deleted },
    });
    await deps.bus.flush();
  }
  return { successTopicList: deleted.map((topicID) => ({ topicID })), failureTopicList };
}

const PROFILE_COLUMNS: Record<string, string> = {
  topicName: 'topic_name',
  avatar: 'avatar',
  introduction: 'introduction',
  notification: 'notification',
  customData: 'custom_data',
  muteAllMembers: 'mute_all',
};

/** updateTopicProfile: the fields given change; every member gets TOPIC_UPDATED. */
export async function updateTopic(
  deps: TopicDeps,
  userID: string,
  req: OpRequestParsed<'updateTopicProfile'>,
): Promise<OpResponse<'updateTopicProfile'>> {
  await requireCommunity(deps.db, userID, req.groupID, true);
  const changes = Object.entries(PROFILE_COLUMNS).filter(([field]) => req[field as keyof typeof req] !== undefined);
  const values = changes.map(([field]) => req[field as keyof typeof req]);
  const sets = changes.map(([, column], i) => `${column} = $${i + 3}`);
  const [row] = await deps.db.query<TopicRow>(
    sets.length > 0
      ? `UPDATE topics SET ${sets.join(', ')} WHERE topic_id = $1 AND group_id = $2 RETURNING *`
      : 'SELECT * FROM topics WHERE topic_id = $1 AND group_id = $2',
    [req.topicID, req.groupID, ...values],
  );
  if (!row) throw new LiaisonError(ErrorCode.GROUP_NOT_FOUND, 'The topic does not exist');
  if (sets.length > 0) {
    const topic: TopicProfile = topicProfile(row);
    deps.bus.publish([groupTarget(req.groupID)], { event: 'topicUpdated', data: { groupID: req.groupID, topic } });
    await deps.bus.flush();
  }
  const [topic] = await topicsAsSeen(deps.db, userID, req.groupID, [req.topicID]);
  return { topic: topic as WireTopic };
}

/** getTopicList: the topics named (every topic when none is); one not in the community is a failure (10010). */
export async function getTopicList(
  db: Sql,
  userID: string,
  req: OpRequestParsed<'getTopicList'>,
): Promise<OpResponse<'getTopicList'>> {
  await requireCommunity(db, userID, req.groupID, false);
  await ensureTopicViews(db, userID, req.groupID);
  const named = req.topicIDList && req.topicIDList.length > 0 ? [...new Set(req.topicIDList)] : null;
  const successTopicList = await topicsAsSeen(db, userID, req.groupID, named);
  const failureTopicList = missingTopics(
    named,
    successTopicList.map((t) => t.topicID),
  );
  return { successTopicList, failureTopicList };
}

/** The topics named that are not among those found: Tencent's failure entries (10010). */
function missingTopics(named: readonly string[] | null, found: readonly string[]) {
  const present = new Set(found);
  return (named ?? [])
    .filter((id) => !present.has(id))
    .map((topicID) => ({ topicID, code: ErrorCode.GROUP_NOT_FOUND, message: 'The topic does not exist' }));
}

function randomID(): string {
  return randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'A');
}
