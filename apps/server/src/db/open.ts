import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface StorageConfig {
  databaseUrl: string | null;
  /** null: in-memory PGlite (tests). */
  dataDir: string | null;
}

export async function openDatabase(config: StorageConfig): Promise<Database> {
  let db: Database;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl);
  } else if (config.dataDir) {
    const dir = join(config.dataDir, 'db');
    await mkdir(dir, { recursive: true });
    db = await openPglite(dir);
  } else {
    db = await openPglite(null);
  }
  await migrate(db);
  return db;
}
