/** A throw-away PostgreSQL database per run, created and dropped through the admin connection. */
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  name: string;
  settings: Record<string, string>;
  drop(): Promise<void>;
}

export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `liaison_bench_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  const settings: Record<string, string> = {};
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    for (const setting of ['server_version', 'synchronous_commit', 'fsync', 'shared_buffers', 'max_connections']) {
      const { rows } = await admin.query<Record<string, string>>(`SHOW ${setting}`);
      settings[setting] = String(Object.values(rows[0] ?? {})[0] ?? '');
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    settings,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
