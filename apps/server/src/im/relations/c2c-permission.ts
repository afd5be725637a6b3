import { ErrorCode, LiaisonError, SYSTEM_SENDER } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { type BlockerHint, blocksSql } from './blocklist-rule';
import { type C2CSettings, defaultC2CSettings } from './c2c-settings';

/** A one-to-one send, as the message writer knows it. */
export interface C2CSend {
  sender: string;
  recipient: string;
  /** Server-made: never refused. */
  system?: boolean;
}

/** The rules the message writer applies to one-to-one sends. */
export interface C2CRules extends BlockerHint {
  settings: C2CSettings;
}

/** Without a blocker index: every pair is looked up. */
export const checkEveryPair: C2CRules = { settings: defaultC2CSettings, mayBlock: () => true };

/**
 * Who may not message whom, for a whole batch of sends in one query (docs/friends-and-blocklist.md):
 * a sender in the recipient's blocklist gets 20007, and with IM_C2C_REQUIRES_FRIENDSHIP a sender
 * who is not friends both ways with the recipient gets 20009. Messages to oneself and the
 * server's own are never refused, and a recipient who blocks nobody is not looked up. Answers the refused pairs, keyed by c2cPairKey.
 */
export async function c2cRefusals(
  tx: Sql,
  sends: readonly C2CSend[],
  { settings, mayBlock }: C2CRules,
): Promise<Map<string, LiaisonError>> {
  const pairs = new Map<string, { f: string; t: string }>();
  for (const m of sends) {
    if (m.system || m.sender === SYSTEM_SENDER || m.sender === m.recipient) continue;
    if (!settings.requiresFriendship && !mayBlock(m.recipient)) continue;
    pairs.set(c2cPairKey(m.sender, m.recipient), { f: m.sender, t: m.recipient });
  }
  const refusals = new Map<string, LiaisonError>();
  if (pairs.size === 0) return refusals;
  const rows = await tx.query<{ f: string; t: string; blocked: boolean; friends: boolean }>(
    `SELECT v.f, v.t,
            ${blocksSql('v.t', 'v.f')} AS blocked,
            ${
              settings.requiresFriendship
                ? `EXISTS (SELECT 1 FROM friends a WHERE a.user_id = v.f AND a.friend_id = v.t)
                   AND EXISTS (SELECT 1 FROM friends b WHERE b.user_id = v.t AND b.friend_id = v.f)`
                : 'true'
            } AS friends
       FROM jsonb_to_recordset($1::jsonb) AS v(f text, t text)`,
    [JSON.stringify([...pairs.values()])],
  );
  for (const row of rows) {
    if (row.blocked) refusals.set(c2cPairKey(row.f, row.t), new LiaisonError(ErrorCode.C2C_SENDER_BLOCKED));
    else if (!row.friends) refusals.set(c2cPairKey(row.f, row.t), new LiaisonError(ErrorCode.C2C_NOT_FRIENDS));
  }
  return refusals;
}

export function c2cPairKey(sender: string, recipient: string): string {
  return `${sender}\n${recipient}`;
}
