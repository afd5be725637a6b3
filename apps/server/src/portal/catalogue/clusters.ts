import type { Cluster, ClusterDetail } from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import { clusterMembers } from './enterprises';
import { VISIBLE_ENTERPRISES } from './visibility';

/** Enterprise clusters (产业集群): platform content grouping approved enterprises. */

export interface ClusterValues {
  name: string;
  region: string;
  cover: string;
  summary: string;
  introduction: string;
  sortOrder: number;
  /** User IDs of approved enterprises. */
  memberIds: string[];
}

/** Every cluster in display order (at most `limit`), counting the members the public sees. */
export async function listClusters(db: Sql, limit = 200): Promise<Cluster[]> {
  const rows = await db.query<ClusterRow>(`SELECT ${COLUMNS} FROM portal_clusters c ${ORDER} LIMIT $1`, [limit]);
  return rows.map(toCluster);
}

export async function clusterDetail(db: Sql, id: string): Promise<ClusterDetail> {
  const [row] = await db.query<ClusterRow & { introduction: string }>(
    `SELECT ${COLUMNS}, c.introduction FROM portal_clusters c WHERE c.id = $1`,
    [id],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  return { ...toCluster(row), introduction: row.introduction, members: await clusterMembers(db, id) };
}

export async function clusterExists(db: Sql, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM portal_clusters WHERE id = $1', [id])).length === 1;
}

export function createCluster(db: Database, values: ClusterValues, now = Date.now()): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO portal_clusters (name, region, cover, summary, introduction, sort_order, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
      [values.name, values.region, values.cover, values.summary, values.introduction, values.sortOrder, now],
    );
    const id = (row as { id: string }).id;
    await setMembers(tx, id, values.memberIds, now);
    return id;
  });
}

/** Replaces the cluster and its members; false when there is no such cluster. */
export function updateCluster(db: Database, id: string, values: ClusterValues, now = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx.query(
      `UPDATE portal_clusters SET name = $2, region = $3, cover = $4, summary = $5, introduction = $6, sort_order = $7
        WHERE id = $1 RETURNING id`,
      [id, values.name, values.region, values.cover, values.summary, values.introduction, values.sortOrder],
    );
    if (updated.length === 0) return false;
    await setMembers(tx, id, values.memberIds, now);
    return true;
  });
}

export async function deleteCluster(db: Sql, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM portal_clusters WHERE id = $1 RETURNING id', [id])).length === 1;
}

/** The user IDs among `ids` that are not visible enterprises (a cluster may hold only those). */
export async function notEnterprises(db: Sql, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ user_id: string }>(
    `SELECT user_id FROM ${VISIBLE_ENTERPRISES} e WHERE e.user_id = ANY($1::text[])`,
    [ids],
  );
  const found = new Set(rows.map((row) => row.user_id));
  return ids.filter((id) => !found.has(id));
}

/** Members keep the time they joined; those left out are removed. */
async function setMembers(tx: Sql, clusterId: string, memberIds: readonly string[], now: number): Promise<void> {
  await tx.query('DELETE FROM portal_cluster_members WHERE cluster_id = $1 AND NOT (user_id = ANY($2::text[]))', [
    clusterId,
    memberIds,
  ]);
  await tx.query(
    `INSERT INTO portal_cluster_members (cluster_id, user_id, created_at)
     SELECT $1, unnest($2::text[]), $3 ON CONFLICT DO NOTHING`,
    [clusterId, memberIds, now],
  );
}

const COLUMNS = `c.id::text AS id, c.name, c.region, c.cover, c.summary,
  (SELECT count(*) FROM portal_cluster_members m JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = m.user_id
    WHERE m.cluster_id = c.id) AS member_count`;
const ORDER = 'ORDER BY c.sort_order, c.id';

interface ClusterRow {
  id: string;
  name: string;
  region: string;
  cover: string;
  summary: string;
  member_count: unknown;
}

function toCluster(row: ClusterRow): Cluster {
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    cover: row.cover,
    summary: row.summary,
    memberCount: toNumber(row.member_count),
  };
}
