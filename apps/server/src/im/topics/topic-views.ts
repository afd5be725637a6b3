import type { MessageRemindType, TopicProfile, WireTopic } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { unreadMentions } from '../messages/group-mentions';
import { lastVisibleMessages } from '../messages/history';
import { groupKey } from '../messages/keys';
import { uncountedMessages } from '../messages/unread';

/** A topic row with the caller's reading of it (absent columns: the caller has no view of it yet). */
export interface TopicRow {
  topic_id: string;
  group_id: string;
  topic_name: string;
  avatar: string;
  introduction: string;
  notification: string;
  custom_data: string;
  mute_all: boolean;
  max_seq: unknown;
  read_seq: unknown;
  floor_seq: unknown;
  remind_type: string | null;
  uncounted_seq: unknown;
}

const TOPIC_COLUMNS =
  't.topic_id, t.group_id, t.topic_name, t.avatar, t.introduction, t.notification, t.custom_data, t.mute_all';

/**
 * A member's view of the community's topics: one user_conversations row each (conv_type TOPIC).
 * Members at a topic's creation got theirs then; a member who joined later gets it here, with
 * the topic's history readable (its floor is where the topic started) and nothing of it unread.
 */
export async function ensureTopicViews(db: Sql, userID: string, groupID: string): Promise<void> {
  await db.query(
    `INSERT INTO user_conversations (user_id, conv_key, conv_type, target, read_seq, floor_seq, updated_at)
     SELECT $1, c.conv_key, 'TOPIC', t.topic_id, c.max_seq, t.start_seq, $3
       FROM topics t JOIN conversations c ON c.conv_key = 'g:' || t.topic_id
      WHERE t.group_id = $2
     ON CONFLICT (user_id, conv_key) DO NOTHING`,
    [userID, groupID, Date.now()],
  );
}

/** The community's topics (all, or those named) as the user sees them, by creation. */
export async function topicsAsSeen(
  db: Sql,
  userID: string,
  groupID: string,
  topicIDs: readonly string[] | null,
): Promise<WireTopic[]> {
  const rows = await db.query<TopicRow>(
    `SELECT ${TOPIC_COLUMNS}, c.max_seq, uc.read_seq, uc.floor_seq, uc.remind_type, c.uncounted_seq
       FROM topics t
       JOIN conversations c ON c.conv_key = 'g:' || t.topic_id
       LEFT JOIN user_conversations uc ON uc.user_id = $1 AND uc.conv_key = c.conv_key
      WHERE t.group_id = $2 AND ($3::text[] IS NULL OR t.topic_id = ANY($3))
      ORDER BY t.created_at, t.topic_id`,
    [userID, groupID, topicIDs === null ? null : [...topicIDs]],
  );
  const ranges = rows.map((r) => ({
    key: groupKey(r.topic_id),
    floor: toNumber(r.floor_seq ?? r.max_seq),
    read: Math.max(toNumber(r.read_seq ?? r.max_seq), toNumber(r.floor_seq ?? r.max_seq)),
    ceiling: null,
  }));
  const [lastMessages, mentions, uncounted] = await Promise.all([
    lastVisibleMessages(db, userID, ranges),
    unreadMentions(
      db,
      userID,
      ranges.map((r) => ({ key: r.key, floor: r.read, ceiling: null })),
    ),
    uncountedMessages(
      db,
      rows.map((row, i) => ({
        key: groupKey(row.topic_id),
        read: ranges[i]?.read ?? 0,
        max: toNumber(row.max_seq),
        uncountedSeq: row.uncounted_seq,
      })),
    ),
  ]);
  return rows.map((row, i) => {
    const range = ranges[i] as (typeof ranges)[number];
    const maxSeq = toNumber(row.max_seq);
    return {
      ...topicProfile(row),
      nextMessageSeq: maxSeq + 1,
      readSequence: Math.min(range.read, maxSeq),
      unreadCount: Math.max(0, maxSeq - range.read - (uncounted.get(range.key) ?? 0)),
      messageRemindType: (row.remind_type ?? 'AcceptAndNotify') as MessageRemindType,
      lastMessage: lastMessages.get(range.key) ?? null,
      groupAtInfoList: mentions.get(range.key) ?? [],
    };
  });
}

/** What every member shares of a topic (the TOPIC_UPDATED push). */
export function topicProfile(
  row: Omit<TopicRow, 'max_seq' | 'read_seq' | 'floor_seq' | 'remind_type' | 'uncounted_seq'>,
): TopicProfile {
  return {
    topicID: row.topic_id,
    groupID: row.group_id,
    topicName: row.topic_name,
    avatar: row.avatar,
    introduction: row.introduction,
    notification: row.notification,
    customData: row.custom_data,
    muteAllMembers: row.mute_all,
  };
}
