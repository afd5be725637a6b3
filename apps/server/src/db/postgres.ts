import pg from 'pg';
import type { Database, Sql } from './database';

/**
 * Errors after which a statement is known not to have run (no connection could be made, or the
 * server ended it before it finished, rolling it back): a PostgreSQL restart or failover. Such a
 * statement is retried on a fresh connection for up to RETRY_WINDOW_MS, so a restart delays
 * sends instead of failing them. A connection lost with no error code leaves the outcome unknown
 * and is not retried.
 */
const RETRYABLE = new Set([
  'ECONNREFUSED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up or shutting down)
]);
const RETRY_WINDOW_MS = 10_000;
const RETRY_DELAY_MS = 100;
const RETRY_DELAY_MAX_MS = 1_000;

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
  const direct = wrap(pool);
  return {
    engine: 'postgres',
    query: (text, params) => retryWhileRestarting(() => direct.query(text, params)),
    async transaction(fn) {
      // Only getting the connection is retried: once fn has run, a retry could repeat its effects.
      const client = await retryWhileRestarting(() => pool.connect());
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

async function retryWhileRestarting<T>(run: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RETRY_WINDOW_MS;
  for (let delay = RETRY_DELAY_MS; ; delay = Math.min(delay * 2, RETRY_DELAY_MAX_MS)) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code !== 'string' || !RETRYABLE.has(code) || Date.now() + delay > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
