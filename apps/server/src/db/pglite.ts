import { PGlite } from '@electric-sql/pglite';
import type { Database, Sql } from './database';

/** Embedded PostgreSQL (WASM). dataDir null keeps everything in memory (tests). */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const db = await PGlite.create(dataDir ?? 'memory://');
  const wrap = (q: Pick<PGlite, 'query'>): Sql => ({
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await q.query<Row>(text, params);
      return result.rows;
    },
  });
  return {
    engine: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}
