import type { CooperationRequest } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { c2cKey } from '../../im/messages/keys';
import type { MessageWriter } from '../../im/messages/message-writer';
import { eitherBlocksSql } from '../../im/relations/blocklist-rule';
import { insertFriends, lockPairs, RelationChanges } from '../../im/relations/relations';

/** The friend source of a friendship made by an agreed cooperation. */
export const COOPERATION_SOURCE = 'AddSource_Type_Coop';

/**
 * Agreeing to a cooperation makes the two parties friends (both ways; a row already there is
 * kept) unless either has blocked the other. Runs in the agree's transaction; the returned
 * changes are published after it commits, as the friends service does.
 */
export async function befriend(tx: Sql, enterpriseId: string, requesterId: string): Promise<RelationChanges> {
  const changes = new RelationChanges();
  await lockPairs(tx, enterpriseId, [requesterId]);
  const [blocked] = await tx.query(`SELECT 1 WHERE ${eitherBlocksSql('$1', '$2')}`, [enterpriseId, requesterId]);
  if (blocked) return changes;
  const wording = '合作申请已同意';
  await insertFriends(
    tx,
    [
      { userID: enterpriseId, friendID: requesterId, remark: '', source: COOPERATION_SOURCE, wording },
      { userID: requesterId, friendID: enterpriseId, remark: '', source: COOPERATION_SOURCE, wording },
    ],
    Date.now(),
  );
  await tx.query(
    'DELETE FROM friend_applications WHERE (from_id = $1 AND to_id = $2) OR (from_id = $2 AND to_id = $1)',
    [enterpriseId, requesterId],
  );
  changes.add(enterpriseId, 'friendList', 'friendApplicationList');
  changes.add(requesterId, 'friendList', 'friendApplicationList');
  return changes;
}

/** The businessID of the notice an agreed cooperation leaves in the chat (the kit renders it). */
export const COOPERATION_BUSINESS_ID = 'cooperation';

/** Who agreed: the acting account (an enterprise, or a sub-account acting for it). */
export interface CooperationAgreer {
  userId: string;
  name: string;
}

/**
 * Opens the C2C conversation of an agreed cooperation with a notice naming the ability: a custom
 * message from the enterprise to the requester, stored and delivered like any message (so it is
 * in both parties' history and conversation lists) and drawn by the kit as a centred notice. It is
 * server-made: no send rule applies, and its ID is the request's, so it is stored once however
 * often this runs. Skipped when either party blocked the other. Without `agreedBy` the
 * enterprise itself agreed.
 */
export async function sendCooperationOpening(
  deps: { db: Sql; writer: MessageWriter },
  enterpriseId: string,
  request: CooperationRequest,
  agreedBy?: CooperationAgreer,
): Promise<void> {
  const requesterId = request.otherUserId;
  const [row] = await deps.db.query<{ nick: string; avatar: string; blocked: boolean }>(
    `SELECT nick, avatar, ${eitherBlocksSql('$1', '$2')} AS blocked
       FROM users WHERE user_id = $1`,
    [enterpriseId, requesterId],
  );
  if (!row || row.blocked) return;
  const ability = request.productName || request.subject;
  const agreer = agreedBy ?? { userId: enterpriseId, name: row.nick };
  const data: CooperationNoticeData = {
    businessID: COOPERATION_BUSINESS_ID,
    version: 1,
    requestId: request.id,
    productId: request.productId,
    productName: ability,
    agreedBy: agreer.userId,
    agreedByName: agreer.name,
  };
  await deps.writer.submit({
    key: c2cKey(enterpriseId, requesterId),
    convType: 'C2C',
    sender: enterpriseId,
    recipient: requesterId,
    id: `coop-${request.id}`,
    type: 'TIMCustomElem',
    payload: { data: JSON.stringify(data), description: cooperationNoticeDescription(ability), extension: '' },
    atUserList: [],
    clientTime: Math.floor(Date.now() / 1000),
    random: Math.floor(Math.random() * 2 ** 31),
    nick: row.nick,
    avatar: row.avatar,
    cloudCustomData: '',
    needReadReceipt: false,
    origin: '',
    system: true,
  });
}

/** The notice's custom data (docs/portal-api.md "Cooperation requests"). */
export interface CooperationNoticeData {
  businessID: typeof COOPERATION_BUSINESS_ID;
  version: 1;
  requestId: string;
  productId: string | null;
  productName: string;
  agreedBy: string;
  agreedByName: string;
}

/**
 * The notice's description, in Chinese and English: what clients that do not know the kind show,
 * the conversation list's abstract elsewhere, and the words search finds.
 */
export function cooperationNoticeDescription(ability: string): string {
  return `已同意关于「${ability}」的合作申请，现在可以开始沟通 / Cooperation request about "${ability}" agreed, you can start chatting now`;
}
