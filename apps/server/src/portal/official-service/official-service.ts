import { createHash, randomBytes } from 'node:crypto';
import type {
  OfficialServiceApplication,
  OfficialServiceFollowUp,
  OfficialServiceStatus,
  OfficialServiceType,
} from '@liaison/protocol';
import { type Database, type Sql, toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';

/** How long a checked SMS code stays good for the application form. */
export const TICKET_TTL_MS = 15 * 60_000;
export const TICKET_EXPIRED = '手机验证已失效，请重新获取短信验证码';

export interface ApplicationInput {
  serviceType: OfficialServiceType;
  company: string;
  contactName: string;
  content: string;
}

/** A ticket for one application from `mobile` (its SMS code was right); only its hash is stored. */
export async function issueTicket(db: Sql, mobile: string, now: number): Promise<string> {
  const ticket = randomBytes(24).toString('hex');
  // Expired tickets of others go as new ones come, so the table stays small without a timer.
  await db.query('DELETE FROM portal_service_tickets WHERE expires_at < $1', [now]);
  await db.query('INSERT INTO portal_service_tickets (ticket_hash, mobile, expires_at) VALUES ($1, $2, $3)', [
    hashTicket(ticket),
    mobile,
    now + TICKET_TTL_MS,
  ]);
  return ticket;
}

/**
 * Stores an application with the mobile its ticket was issued for, and uses the ticket up, in one
 * transaction. An unknown, used or expired ticket is refused and nothing is stored.
 */
export function createApplication(
  db: Database,
  ticket: string,
  userId: string | null,
  input: ApplicationInput,
  now: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [held] = await tx.query<{ mobile: string }>(
      'DELETE FROM portal_service_tickets WHERE ticket_hash = $1 AND expires_at >= $2 RETURNING mobile',
      [hashTicket(ticket), now],
    );
    if (!held) throw new PortalError(PortalCode.ERROR, TICKET_EXPIRED);
    const [row] = await tx.query<{ id: unknown }>(
      `INSERT INTO portal_service_applications (user_id, mobile, service_type, company, contact_name, content, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [userId, held.mobile, input.serviceType, input.company, input.contactName, input.content, now],
    );
    return String(toNumber(row?.id));
  });
}

/** Applications for the administrators, newest first, optionally of one status. */
export async function applicationsPage(
  db: Sql,
  status: OfficialServiceStatus | undefined,
  paging: Paging,
): Promise<PageOf<OfficialServiceApplication>> {
  const rows = await db.query<{
    id: unknown;
    user_id: string | null;
    mobile: string;
    service_type: string;
    company: string;
    contact_name: string;
    content: string;
    created_at: unknown;
    status: unknown;
    note: string;
    followed_at: unknown;
    follower_name: string | null;
  }>(
    `SELECT s.id, s.user_id, s.mobile, s.service_type, s.company, s.contact_name, s.content, s.created_at, s.status,
            s.note, s.followed_at, a.nick_name AS follower_name
       FROM portal_service_applications s LEFT JOIN portal_accounts a ON a.user_id = s.followed_by
      WHERE ($1::smallint IS NULL OR s.status = $1)
      ORDER BY s.created_at DESC, s.id DESC LIMIT $2 OFFSET $3`,
    [status ?? null, paging.pageSize, paging.offset],
  );
  const [count] = await db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM portal_service_applications WHERE ($1::smallint IS NULL OR status = $1)',
    [status ?? null],
  );
  return {
    rows: rows.map((r) => ({
      id: String(toNumber(r.id)),
      userId: r.user_id,
      mobile: r.mobile,
      serviceType: r.service_type,
      company: r.company,
      contactName: r.contact_name,
      content: r.content,
      createdAt: toNumber(r.created_at),
      status: toNumber(r.status) as OfficialServiceStatus,
      note: r.note,
      followedAt: r.followed_at === null ? null : toNumber(r.followed_at),
      followerName: r.follower_name ?? '',
    })),
    total: toNumber(count?.n),
  };
}

/**
 * Records a follow-up by `adminId`: a new application marked contacted, or a new or contacted one
 * closed; its note replaces the last one. Null: no such application; false: it may not move so
 * (a contacted one contacted again, anything after closing).
 */
export async function followUp(
  db: Sql,
  id: string,
  adminId: string,
  { status, note }: OfficialServiceFollowUp,
  now: number,
): Promise<boolean | null> {
  const moved = await db.query(
    `UPDATE portal_service_applications SET status = $2, note = $3, followed_at = $4, followed_by = $5
      WHERE id = $1 AND status < $2 RETURNING id`,
    [id, status, note, now, adminId],
  );
  if (moved.length === 1) return true;
  return (await db.query('SELECT 1 FROM portal_service_applications WHERE id = $1', [id])).length === 1 ? false : null;
}

function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}
