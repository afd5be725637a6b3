import type { Call, CallEndReason, CallMediaFailure, CallParticipantState } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';

/** A call as stored, with what only the server knows: each participant's joined connection and invite time. */
export interface StoredCall {
  call: Call;
  /** By userID: the connection that joined (null unless joined) and when they were (last) invited. */
  seats: Map<string, { sessionKey: string | null; invitedAt: number }>;
}

/** States in which a participant counts as in the call or about to be: busy for anyone else. */
export const LIVE_STATES: readonly CallParticipantState[] = ['invited', 'joined'];

/** No invite is ringing: the deadline nobody reaches. */
export const NO_DEADLINE = Number.MAX_SAFE_INTEGER;

interface CallRow {
  call_id: string;
  type: number;
  group_id: string | null;
  inviter_id: string;
  state: Call['state'];
  created_at: unknown;
  connected_at: unknown;
  ended_at: unknown;
  end_reason: CallEndReason | null;
  failure: CallMediaFailure | null;
  failed_user_id: string | null;
}

interface ParticipantRow {
  call_id: string;
  user_id: string;
  state: CallParticipantState;
  invited_at: unknown;
  joined_at: unknown;
  session_key: string | null;
  mic_muted: boolean;
  camera_off: boolean;
}

/** One call with its participants; with `lock`, its row is held until the transaction ends. */
export async function loadCall(tx: Sql, callID: string, { lock = false } = {}): Promise<StoredCall | null> {
  const [row] = await tx.query<CallRow>(`SELECT * FROM calls WHERE call_id = $1${lock ? ' FOR UPDATE' : ''}`, [callID]);
  if (!row) return null;
  const participants = await tx.query<ParticipantRow>(
    'SELECT * FROM call_participants WHERE call_id = $1 ORDER BY position',
    [callID],
  );
  return toStoredCall(row, participants);
}

/** Calls not yet ended, by ID, with their participants (two queries for all of them). */
export async function loadCalls(db: Sql, callIDs: readonly string[]): Promise<StoredCall[]> {
  if (callIDs.length === 0) return [];
  const rows = await db.query<CallRow>(
    `SELECT * FROM calls WHERE call_id = ANY($1) AND state <> 'ended' ORDER BY created_at`,
    [[...callIDs]],
  );
  const participants = await db.query<ParticipantRow>(
    'SELECT * FROM call_participants WHERE call_id = ANY($1) ORDER BY position',
    [rows.map((r) => r.call_id)],
  );
  return rows.map((row) =>
    toStoredCall(
      row,
      participants.filter((p) => p.call_id === row.call_id),
    ),
  );
}

/** The live calls a user rings for or is in. */
export async function liveCallIDsOf(db: Sql, userID: string): Promise<string[]> {
  const rows = await db.query<{ call_id: string }>(
    `SELECT p.call_id FROM call_participants p JOIN calls c ON c.call_id = p.call_id
      WHERE p.user_id = $1 AND p.state = ANY($2) AND c.state <> 'ended'`,
    [userID, LIVE_STATES],
  );
  return rows.map((r) => r.call_id);
}

/** Of these users, those ringing for or in a live call other than `exceptCallID`. */
export async function busyUsers(tx: Sql, userIDs: readonly string[], exceptCallID = ''): Promise<Set<string>> {
  if (userIDs.length === 0) return new Set();
  const rows = await tx.query<{ user_id: string }>(
    `SELECT DISTINCT p.user_id FROM call_participants p JOIN calls c ON c.call_id = p.call_id
      WHERE p.user_id = ANY($1) AND p.state = ANY($2) AND c.state <> 'ended' AND p.call_id <> $3`,
    [[...userIDs], LIVE_STATES, exceptCallID],
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Whether the user is joined (answered, on some tab) in a live call other than `exceptCallID`. */
export async function isInAnotherCall(tx: Sql, userID: string, exceptCallID = ''): Promise<boolean> {
  const [row] = await tx.query(
    `SELECT 1 FROM call_participants p JOIN calls c ON c.call_id = p.call_id
      WHERE p.user_id = $1 AND p.state = 'joined' AND c.state <> 'ended' AND p.call_id <> $2 LIMIT 1`,
    [userID, exceptCallID],
  );
  return row !== undefined;
}

/** The group's call not yet ended, if any. */
export async function liveGroupCallID(db: Sql, groupID: string): Promise<string | null> {
  const [row] = await db.query<{ call_id: string }>(
    `SELECT call_id FROM calls WHERE group_id = $1 AND state <> 'ended' ORDER BY created_at DESC LIMIT 1`,
    [groupID],
  );
  return row?.call_id ?? null;
}

/** Live calls with an invite past its deadline. */
export async function callsPastDeadline(db: Sql, now: number): Promise<string[]> {
  const rows = await db.query<{ call_id: string }>(
    `SELECT call_id FROM calls WHERE state <> 'ended' AND ring_deadline <= $1`,
    [now],
  );
  return rows.map((r) => r.call_id);
}

/** Everyone joined in a live call, with the connection they joined from. */
export async function joinedSeats(
  db: Sql,
): Promise<Array<{ callID: string; userID: string; sessionKey: string | null }>> {
  const rows = await db.query<{ call_id: string; user_id: string; session_key: string | null }>(
    `SELECT p.call_id, p.user_id, p.session_key FROM call_participants p JOIN calls c ON c.call_id = p.call_id
      WHERE p.state = 'joined' AND c.state <> 'ended'`,
  );
  return rows.map((r) => ({ callID: r.call_id, userID: r.user_id, sessionKey: r.session_key }));
}

function toStoredCall(row: CallRow, participants: ParticipantRow[]): StoredCall {
  const seats = new Map<string, { sessionKey: string | null; invitedAt: number }>();
  for (const p of participants) seats.set(p.user_id, { sessionKey: p.session_key, invitedAt: toNumber(p.invited_at) });
  return {
    call: {
      callID: row.call_id,
      type: row.type === 2 ? 2 : 1,
      groupID: row.group_id,
      inviterID: row.inviter_id,
      state: row.state,
      createdAt: toNumber(row.created_at),
      connectedAt: nullableNumber(row.connected_at),
      endedAt: nullableNumber(row.ended_at),
      endReason: row.end_reason,
      failure: row.failure,
      failedUserID: row.failed_user_id,
      participants: participants.map((p) => ({
        userID: p.user_id,
        state: p.state,
        joinedAt: nullableNumber(p.joined_at),
        micMuted: p.mic_muted,
        cameraOff: p.camera_off,
      })),
    },
    seats,
  };
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

/** Stores a call made in memory (startCall). */
export async function insertCall(tx: Sql, stored: StoredCall, inviteTimeoutMs: number): Promise<void> {
  const { call } = stored;
  await tx.query(
    `INSERT INTO calls (call_id, type, group_id, inviter_id, state, created_at, connected_at, ended_at, end_reason,
       failure, failed_user_id, ring_deadline)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      call.callID,
      call.type,
      call.groupID,
      call.inviterID,
      call.state,
      call.createdAt,
      call.connectedAt,
      call.endedAt,
      call.endReason,
      call.failure,
      call.failedUserID,
      ringDeadline(stored, inviteTimeoutMs),
    ],
  );
  await upsertParticipants(tx, stored, call.participants);
}

/**
 * Stores what changed between `before` (as loaded, under the row lock) and `after`. The call's
 * row only moves forward: an update of a call another process ended already changes nothing.
 */
export async function saveCall(tx: Sql, before: StoredCall, after: StoredCall, inviteTimeoutMs: number): Promise<void> {
  const { call } = after;
  await tx.query(
    `UPDATE calls SET state = $2, connected_at = $3, ended_at = $4, end_reason = $5, failure = $6,
       failed_user_id = $7, ring_deadline = $8
      WHERE call_id = $1 AND state <> 'ended'`,
    [
      call.callID,
      call.state,
      call.connectedAt,
      call.endedAt,
      call.endReason,
      call.failure,
      call.failedUserID,
      ringDeadline(after, inviteTimeoutMs),
    ],
  );
  const previous = new Map(before.call.participants.map((p) => [p.userID, p]));
  const changed = call.participants.filter((p) => {
    const old = previous.get(p.userID);
    return (
      !old ||
      old.state !== p.state ||
      old.joinedAt !== p.joinedAt ||
      old.micMuted !== p.micMuted ||
      old.cameraOff !== p.cameraOff ||
      before.seats.get(p.userID)?.sessionKey !== after.seats.get(p.userID)?.sessionKey ||
      before.seats.get(p.userID)?.invitedAt !== after.seats.get(p.userID)?.invitedAt
    );
  });
  await upsertParticipants(tx, after, changed);
}

/** The earliest moment an invite still ringing times out. */
function ringDeadline({ call, seats }: StoredCall, inviteTimeoutMs: number): number {
  const ringing = call.participants.filter((p) => p.state === 'invited');
  if (ringing.length === 0) return NO_DEADLINE;
  return Math.min(...ringing.map((p) => seats.get(p.userID)?.invitedAt ?? 0)) + inviteTimeoutMs;
}

async function upsertParticipants(tx: Sql, { call, seats }: StoredCall, changed: Call['participants']) {
  if (changed.length === 0) return;
  const rows = changed.map((p) => ({
    u: p.userID,
    pos: call.participants.indexOf(p),
    s: p.state,
    i: seats.get(p.userID)?.invitedAt ?? 0,
    j: p.joinedAt,
    k: p.state === 'joined' ? (seats.get(p.userID)?.sessionKey ?? null) : null,
    m: p.micMuted,
    c: p.cameraOff,
  }));
  await tx.query(
    `INSERT INTO call_participants (call_id, user_id, position, state, invited_at, joined_at, session_key, mic_muted, camera_off)
     SELECT $1, v.u, v.pos, v.s, v.i, v.j, v.k, v.m, v.c
       FROM jsonb_to_recordset($2::jsonb) AS v(u text, pos smallint, s text, i bigint, j bigint, k text, m boolean, c boolean)
     ON CONFLICT (call_id, user_id) DO UPDATE SET state = EXCLUDED.state, invited_at = EXCLUDED.invited_at,
       joined_at = EXCLUDED.joined_at, session_key = EXCLUDED.session_key, mic_muted = EXCLUDED.mic_muted,
       camera_off = EXCLUDED.camera_off`,
    [call.callID, JSON.stringify(rows)],
  );
}
