import type { ReceiveMessageOpt } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';

/** What the reference answers for a user who never set it: notify, no window. */
const DEFAULT_OPT: ReceiveMessageOpt = {
  messageRemindType: 'AcceptAndNotify',
  startTime: 0,
  endTime: 0,
  isRepeated: false,
};

/** setAllReceiveMessageOpt: the user's one notification setting for every message, and its window. */
export async function setReceiveOpt(db: Sql, userID: string, opt: ReceiveMessageOpt): Promise<ReceiveMessageOpt> {
  await db.query(
    `INSERT INTO user_receive_options (user_id, remind_type, start_time, end_time, is_repeated)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE
       SET remind_type = EXCLUDED.remind_type, start_time = EXCLUDED.start_time,
           end_time = EXCLUDED.end_time, is_repeated = EXCLUDED.is_repeated`,
    [userID, opt.messageRemindType, opt.startTime, opt.endTime, opt.isRepeated],
  );
  return getReceiveOpt(db, userID);
}

export async function getReceiveOpt(db: Sql, userID: string): Promise<ReceiveMessageOpt> {
  const [row] = await db.query<{ remind_type: string; start_time: unknown; end_time: unknown; is_repeated: boolean }>(
    'SELECT remind_type, start_time, end_time, is_repeated FROM user_receive_options WHERE user_id = $1',
    [userID],
  );
  if (!row) return DEFAULT_OPT;
  return {
    messageRemindType: row.remind_type as ReceiveMessageOpt['messageRemindType'],
    startTime: toNumber(row.start_time),
    endTime: toNumber(row.end_time),
    isRepeated: row.is_repeated,
  };
}
