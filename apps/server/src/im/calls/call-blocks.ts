import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import type { C2CRules } from '../relations/c2c-permission';

/**
 * The invitees a group-call invite may ring: everyone but those who have one of `callers` (who
 * invites now, and who started the call) in their blocklist, who are left out without being told
 * (a block stops a ring as it stops a message). An invite that would ring nobody else is refused
 * with the blocklist's code, 20007, as a one-to-one call to them is. Users who block nobody are
 * not looked up.
 */
export async function ringableInvitees(
  db: Sql,
  callers: readonly string[],
  invitees: readonly string[],
  rules: Pick<C2CRules, 'mayBlock'>,
): Promise<string[]> {
  const candidates = invitees.filter((id) => rules.mayBlock(id));
  if (candidates.length === 0) return [...invitees];
  const rows = await db.query<{ user_id: string }>(
    'SELECT DISTINCT user_id FROM blacklist WHERE blocked_id = ANY($1) AND user_id = ANY($2)',
    [[...new Set(callers)], candidates],
  );
  const blockers = new Set(rows.map((row) => row.user_id));
  const ringable = invitees.filter((id) => !blockers.has(id));
  if (invitees.length > 0 && ringable.length === 0) throw new LiaisonError(ErrorCode.C2C_SENDER_BLOCKED);
  return ringable;
}
