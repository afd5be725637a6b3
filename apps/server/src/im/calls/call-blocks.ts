import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { type BlockerHint, blockersAmong } from '../relations/blocklist-rule';

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
  rules: BlockerHint,
): Promise<string[]> {
  const blockers = await blockersAmong(db, invitees, callers, rules);
  const ringable = invitees.filter((id) => !blockers.has(id));
  if (invitees.length > 0 && ringable.length === 0) throw new LiaisonError(ErrorCode.C2C_SENDER_BLOCKED);
  return ringable;
}
