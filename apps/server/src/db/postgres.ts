import pg from 'pg';
import type { Database, Sql } from './database';

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', (err) => {
    // An idle client died (server restart); the pool replaces it on the next query.
    console.error('postgres pool error:', err.message);
  });
  await pool.query('SELECT 1');
  const wrap = (q: pg.Pool | pg.PoolClient): Sql => ({
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await q.query(text, params);
      return result.rows as Row[];
    },
  });
  return {
    engine: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
