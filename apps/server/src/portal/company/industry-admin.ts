import type {
  AdminIndustryChain,
  AdminIndustryChainRow,
  IndustryChainForm,
  IndustrySegmentForm,
  IndustryStage,
} from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { pageRows, SqlFilter } from '../catalogue/sql-filter';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';

/**
 * The platform admin's industry chains (docs/portal-api.md "Industry-chain administration"): a
 * chain and its segments are written as one form; a segment keeps its ID, and so its enterprises,
 * for as long as the form names it.
 */

/** Chains whose name or description hold every keyword, in display order. */
export async function listAdminChains(
  db: Sql,
  keywords: readonly string[],
  paging: Paging,
): Promise<PageOf<AdminIndustryChainRow>> {
  const where = new SqlFilter().matchAll(keywords, ['c.name', 'c.description']);
  const select = `c.id::text AS id, c.name, c.description, c.sort_order,
    (SELECT count(*) FROM portal_industry_segments s WHERE s.chain_id = c.id) AS segment_count,
    (SELECT count(DISTINCT m.user_id) FROM portal_industry_members m
       JOIN portal_industry_segments s ON s.id = m.segment_id
       JOIN portal_enterprise_auth e ON e.user_id = m.user_id AND e.status = 1
      WHERE s.chain_id = c.id) AS member_count`;
  const page = await pageRows<{
    id: string;
    name: string;
    description: string;
    sort_order: unknown;
    segment_count: unknown;
    member_count: unknown;
  }>(db, where, { select, from: 'FROM portal_industry_chains c', order: 'c.sort_order, c.id' }, paging);
  return {
    rows: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      sortOrder: toNumber(row.sort_order),
      segmentCount: toNumber(row.segment_count),
      memberCount: toNumber(row.member_count),
    })),
    total: page.total,
  };
}

export async function adminChain(db: Sql, id: string): Promise<AdminIndustryChain> {
  const [chain] = await db.query<{ name: string; description: string; sort_order: unknown }>(
    'SELECT name, description, sort_order FROM portal_industry_chains WHERE id = $1',
    [id],
  );
  if (!chain) throw new PortalError(PortalCode.NOT_FOUND);
  const segments = await db.query<{ id: string; stage: unknown; name: string; member_count: unknown }>(
    `SELECT s.id::text AS id, s.stage, s.name,
            (SELECT count(*) FROM portal_industry_members m
               JOIN portal_enterprise_auth e ON e.user_id = m.user_id AND e.status = 1
              WHERE m.segment_id = s.id) AS member_count
       FROM portal_industry_segments s WHERE s.chain_id = $1 ORDER BY s.stage, s.sort_order, s.id`,
    [id],
  );
  return {
    id,
    name: chain.name,
    description: chain.description,
    sortOrder: toNumber(chain.sort_order),
    segments: segments.map((s) => ({
      id: s.id,
      stage: toNumber(s.stage) as IndustryStage,
      name: s.name,
      memberCount: toNumber(s.member_count),
    })),
  };
}

export function createChain(db: Database, form: IndustryChainForm): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      'INSERT INTO portal_industry_chains (name, description, sort_order) VALUES ($1, $2, $3) RETURNING id::text AS id',
      [form.name, form.description, form.sortOrder],
    );
    const id = (row as { id: string }).id;
    await saveSegments(tx, id, form.segments);
    return id;
  });
}

/** Replaces the chain and its segments; false when there is no such chain. */
export function updateChain(db: Database, id: string, form: IndustryChainForm): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx.query(
      'UPDATE portal_industry_chains SET name = $2, description = $3, sort_order = $4 WHERE id = $1 RETURNING id',
      [id, form.name, form.description, form.sortOrder],
    );
    if (updated.length === 0) return false;
    await saveSegments(tx, id, form.segments);
    return true;
  });
}

/** The segments and the enterprises' places in them go with the chain (ON DELETE CASCADE). */
export async function deleteChain(db: Sql, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM portal_industry_chains WHERE id = $1 RETURNING id', [id])).length === 1;
}

/**
 * Segments named by ID are updated (an ID of another chain is refused), new ones inserted, those
 * left out deleted; the position within a stage becomes its sort order.
 */
async function saveSegments(tx: Sql, chainId: string, segments: readonly IndustrySegmentForm[]): Promise<void> {
  const kept = segments.flatMap((s) => (s.id === null ? [] : [s.id]));
  const owned = await tx.query<{ id: string }>(
    'SELECT id::text AS id FROM portal_industry_segments WHERE chain_id = $1 AND id::text = ANY($2::text[])',
    [chainId, kept],
  );
  if (owned.length !== new Set(kept).size) throw new PortalError(PortalCode.ERROR, '环节不属于该产业链');
  await tx.query('DELETE FROM portal_industry_segments WHERE chain_id = $1 AND NOT (id::text = ANY($2::text[]))', [
    chainId,
    kept,
  ]);
  const positions = [0, 0, 0];
  for (const segment of segments) {
    const sortOrder = positions[segment.stage] ?? 0;
    positions[segment.stage] = sortOrder + 1;
    if (segment.id === null) {
      await tx.query(
        'INSERT INTO portal_industry_segments (chain_id, stage, name, sort_order) VALUES ($1, $2, $3, $4)',
        [chainId, segment.stage, segment.name, sortOrder],
      );
    } else {
      await tx.query('UPDATE portal_industry_segments SET stage = $2, name = $3, sort_order = $4 WHERE id = $1', [
        segment.id,
        segment.stage,
        segment.name,
        sortOrder,
      ]);
    }
  }
}
