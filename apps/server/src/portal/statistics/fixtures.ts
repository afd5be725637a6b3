import type { LiaisonServer } from '../../app';
import { toNumber } from '../../db/database';
import type { Person } from '../test-people';

/**
 * Rows the statistics and needs figures are counted from, written straight to the tables, since
 * other parts of the portal own the calls that write them. People come from ../test-people.
 */
export async function view(server: LiaisonServer, owner: Person, at: number, productId: string | null = null) {
  await server.db.query(
    'INSERT INTO portal_views (owner_id, product_id, viewer_id, created_at) VALUES ($1, $2, null, $3)',
    [owner.userId, productId, at],
  );
}

export async function need(
  server: LiaisonServer,
  owner: Person,
  row: { categoryId?: number; title?: string; status?: 0 | 1; createdAt?: number } = {},
): Promise<string> {
  const [inserted] = await server.db.query<{ id: unknown }>(
    `INSERT INTO portal_needs (owner_id, category_id, title, content, status, created_at)
     VALUES ($1, $2, $3, '', $4, $5) RETURNING id`,
    [owner.userId, row.categoryId ?? 1, row.title ?? '寻找加工厂', row.status ?? 0, row.createdAt ?? Date.now()],
  );
  return String(toNumber(inserted?.id));
}
