import { RestImportLimits, restImportSchemas } from '@liaison/protocol';
import type { Database } from '../../db/database';
import { toNumber } from '../../db/database';
import { restCommand } from '../rest-command';
import { GROUP_CODES } from './rest-owner';

/**
 * group_open_http_svc/get_appid_group_list: every group of the app (dismissed ones are gone), oldest
 * first, a page of Limit at a time. Next is where the next page starts, 0 after the last page.
 */
export const groupListCommands = {
  get_appid_group_list: restCommand({
    schema: restImportSchemas.get_appid_group_list,
    codes: GROUP_CODES,
    async run(deps: { db: Database }, body) {
      const limit = body.Limit ?? RestImportLimits.APP_GROUPS_PER_PAGE;
      const start = body.Next ?? 0;
      const type = body.GroupType ?? null;
      const [total] = await deps.db.query<{ n: unknown }>(
        'SELECT count(*) AS n FROM groups WHERE dismissed_at IS NULL AND ($1::text IS NULL OR type = $1)',
        [type],
      );
      const rows = await deps.db.query<{ group_id: string }>(
        `SELECT group_id FROM groups WHERE dismissed_at IS NULL AND ($1::text IS NULL OR type = $1)
          ORDER BY created_at, group_id LIMIT $2 OFFSET $3`,
        [type, limit, start],
      );
      const totalCount = toNumber(total?.n);
      const next = start + rows.length;
      return {
        TotalCount: totalCount,
        GroupIdList: rows.map((row) => ({ GroupId: row.group_id })),
        Next: rows.length === limit && next < totalCount ? next : 0,
      };
    },
  }),
};
