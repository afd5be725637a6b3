import {
  ErrorCode,
  GroupType,
  LiaisonError,
  type MessageControlInfo,
  RestAddMemberResult,
  RestError,
  RestErrorCode,
  RestImportMsgResult,
  restImportSchemas,
} from '@liaison/protocol';
import { toNumber } from '../../db/database';
import { groupKey } from '../messages/keys';
import { type ImportDeps, importedMessage, importSenders } from '../messages/rest-import-commands';
import { restCommand } from '../rest-command';
import { loadGroup, membersOf } from './group-access';
import { addMembers, createGroup, SEES_HISTORY_BEFORE_JOIN } from './groups';
import { createRequest, restGroupOwner } from './rest-group-commands';
import { GROUP_CODES } from './rest-owner';

/**
 * group_open_http_svc's imports, for moving groups and their history from another system: nothing
 * is announced, no tip is stored, no callback runs. Members' sessions find the groups and history
 * when they next list or read them.
 */
export const groupImportCommands = {
  import_group: restCommand({
    schema: restImportSchemas.import_group,
    codes: GROUP_CODES,
    async run(deps: ImportDeps, body, caller) {
      const ownerID = await restGroupOwner(deps.db, body.Owner_Account, caller.identifier);
      // The store's own creation (groups.ts), without group-admin.ts's announcements and tips.
      const { group } = await createGroup(deps.db, ownerID, createRequest(body));
      if (body.CreateTime !== undefined) {
        const createdAt = body.CreateTime * 1000;
        await deps.db.query(
          `WITH g AS (UPDATE groups SET created_at = $2, last_info_time = $2 WHERE group_id = $1)
           UPDATE group_members SET join_time = $2 WHERE group_id = $1`,
          [group.groupID, createdAt],
        );
      }
      return { GroupId: group.groupID };
    },
  }),

  /**
   * Each message in turn: its SendTime may be neither before the group was made or its newest
   * message, nor in the future (Tencent's rule), else its Result is 10004 and it is not stored.
   * So sequences follow time. Afterwards every member has read the group (Tencent: unread counts
   * become 0; import the members after the messages to give them UnreadMsgNum).
   */
  import_group_msg: restCommand({
    schema: restImportSchemas.import_group_msg,
    codes: GROUP_CODES,
    async run(deps: ImportDeps, body) {
      const key = groupKey(body.GroupId);
      const group = await importTarget(deps, body.GroupId);
      const senders = await importSenders(
        deps.db,
        body.MsgList.map((m) => m.From_Account),
      );
      const unknown = body.MsgList.find((m) => !senders.has(m.From_Account));
      if (unknown) {
        throw new RestError(RestErrorCode.GROUP_INVALID_PARAMS, `From_Account: ${unknown.From_Account} has no account`);
      }
      const now = Math.floor(Date.now() / 1000);
      let after = Math.ceil(Math.max(group.createdAt, group.lastTime) / 1000);
      const inTime = body.MsgList.map((m) => {
        if (m.SendTime < after || m.SendTime > now) return false;
        after = m.SendTime;
        return true;
      });
      // RecentContactFlag 0: the conversation's last message stays what it was.
      const control: MessageControlInfo | undefined =
        body.RecentContactFlag === 1 ? undefined : { excludedFromLastMessage: true };
      const imports = await Promise.all(
        body.MsgList.filter((_, i) => inTime[i]).map((m) =>
          importedMessage(
            {
              key,
              convType: 'GROUP',
              sender: senders.get(m.From_Account) as NonNullable<ReturnType<typeof senders.get>>,
              recipient: body.GroupId,
              time: m.SendTime,
              random: m.Random ?? 0,
              elem: m.MsgBody[0] as (typeof m.MsgBody)[number],
              cloudCustomData: m.CloudCustomData ?? '',
            },
            control,
          ),
        ),
      );
      const outcomes = await deps.writer.importMessages(imports);
      await deps.db.query(
        `UPDATE user_conversations uc SET read_seq = GREATEST(uc.read_seq, c.max_seq)
           FROM conversations c WHERE c.conv_key = $1 AND uc.conv_key = $1`,
        [key],
      );
      let stored = 0;
      return {
        ImportMsgResult: body.MsgList.map((m, i) => {
          if (!inTime[i]) return { MsgSeq: 0, MsgTime: m.SendTime, Result: RestImportMsgResult.TIME_INVALID };
          const outcome = outcomes[stored++];
          if (!outcome || outcome instanceof LiaisonError) {
            return { MsgSeq: 0, MsgTime: m.SendTime, Result: outcome?.code ?? RestErrorCode.GROUP_INTERNAL };
          }
          return {
            MsgSeq: outcome.message.sequence,
            MsgTime: outcome.message.time,
            Result: RestImportMsgResult.STORED,
          };
        }),
      };
    },
  }),

  /**
   * Members joined at their JoinTime: history from before it stays hidden, as for anyone who joins
   * (all of it shows in Meeting groups), and UnreadMsgNum of the newest messages count as unread.
   * A JoinTime before the group's creation (within its second) or in the future fails the member (Result 0).
   */
  import_group_member: restCommand({
    schema: restImportSchemas.import_group_member,
    codes: GROUP_CODES,
    async run(deps: ImportDeps, body) {
      const wanted = [...new Map(body.MemberList.map((m) => [m.Member_Account, m])).values()];
      const results = await deps.db.transaction(async (tx) => {
        const { group } = await loadGroup(tx, body.GroupId, '', { lock: true });
        if (group.type === GroupType.AVCHATROOM) {
          throw new LiaisonError(ErrorCode.GROUP_NO_PERMISSION, 'members cannot be imported into an AVChatRoom');
        }
        const ids = wanted.map((m) => m.Member_Account);
        const existing = await membersOf(tx, body.GroupId, ids);
        const known = await importSenders(tx, ids);
        // Tencent's rule: a JoinTime before the group was made, or in the future, fails that member.
        const [made] = await tx.query<{ created_at: unknown }>('SELECT created_at FROM groups WHERE group_id = $1', [
          body.GroupId,
        ]);
        const now = Date.now();
        const inTime = (m: (typeof wanted)[number]) =>
          m.JoinTime === undefined ||
          (m.JoinTime * 1000 >= toNumber(made?.created_at) - 999 && m.JoinTime * 1000 <= now);
        const added = wanted.filter((m) => known.has(m.Member_Account) && !existing.has(m.Member_Account) && inTime(m));
        if (group.memberCount + added.length > group.maxMembers) throw new LiaisonError(ErrorCode.GROUP_FULL);
        if (added.length > 0) {
          const addedIDs = added.map((m) => m.Member_Account);
          await addMembers(tx, body.GroupId, addedIDs, null, { readSeq: 0, floorSeq: 0 }, now);
          await tx.query(IMPORTED_MEMBERS, [
            body.GroupId,
            groupKey(body.GroupId),
            JSON.stringify(
              added.map((m) => ({
                u: m.Member_Account,
                r: m.Role ?? 'Member',
                j: m.JoinTime === undefined ? now : m.JoinTime * 1000,
                n: m.UnreadMsgNum ?? 0,
              })),
            ),
            SEES_HISTORY_BEFORE_JOIN.has(group.type),
          ]);
          await tx.query('UPDATE groups SET member_count = member_count + $2 WHERE group_id = $1', [
            body.GroupId,
            added.length,
          ]);
        }
        return new Map(
          wanted.map((m) => [
            m.Member_Account,
            existing.has(m.Member_Account)
              ? RestAddMemberResult.ALREADY_MEMBER
              : known.has(m.Member_Account) && inTime(m)
                ? RestAddMemberResult.ADDED
                : RestAddMemberResult.FAILED,
          ]),
        );
      });
      return {
        MemberList: body.MemberList.map((m) => ({
          Member_Account: m.Member_Account,
          Result: results.get(m.Member_Account),
        })),
      };
    },
  }),
};

/**
 * Each imported member's role and join time, and their view of the group: from the first message
 * sent at or after joining (from the start in Meeting groups, $4), with the newest UnreadMsgNum unread.
 */
const IMPORTED_MEMBERS = `
  WITH v AS (
    SELECT * FROM jsonb_to_recordset($3::jsonb) AS v(u text, r text, j bigint, n bigint)
  ), roles AS (
    UPDATE group_members gm SET role = v.r, join_time = v.j FROM v WHERE gm.group_id = $1 AND gm.user_id = v.u
  ), views AS (
    SELECT v.u, v.n, c.max_seq,
           CASE WHEN $4 THEN 0
                ELSE COALESCE((SELECT max(m.seq) FROM messages m WHERE m.conv_key = $2 AND m.time < v.j), 0) END AS floor
      FROM v CROSS JOIN conversations c WHERE c.conv_key = $2
  )
  UPDATE user_conversations uc SET floor_seq = views.floor, read_seq = GREATEST(views.floor, views.max_seq - views.n)
    FROM views WHERE uc.user_id = views.u AND uc.conv_key = $2`;

/** The group messages are imported into, with the times they must come after: 10010, and 10007 for an AVChatRoom. */
async function importTarget(deps: ImportDeps, groupID: string): Promise<{ createdAt: number; lastTime: number }> {
  const [row] = await deps.db.query<{ type: string; created_at: unknown; last_time: unknown }>(
    `SELECT g.type, g.created_at, c.last_time FROM groups g JOIN conversations c ON c.conv_key = $2
      WHERE g.group_id = $1 AND g.dismissed_at IS NULL`,
    [groupID, groupKey(groupID)],
  );
  if (!row) throw new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
  if (row.type === GroupType.AVCHATROOM) {
    throw new LiaisonError(ErrorCode.GROUP_NO_PERMISSION, 'messages cannot be imported into an AVChatRoom');
  }
  return { createdAt: toNumber(row.created_at), lastTime: toNumber(row.last_time) };
}
