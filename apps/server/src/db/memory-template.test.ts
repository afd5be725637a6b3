import { afterEach, expect, it } from 'vitest';
import type { Database } from './database';
import { migrationFiles } from './migrate';
import { openDatabase } from './open';

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

async function inMemory(): Promise<Database> {
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  opened.push(db);
  return db;
}

it('starts every in-memory database migrated, empty and apart from the others', async () => {
  const first = await inMemory();
  await first.query("INSERT INTO users (user_id, nick, created_at, updated_at) VALUES ('ada', 'Ada', 1, 1)");
  const second = await inMemory();

  const applied = await second.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
  expect(applied.map((r) => r.version)).toEqual(await migrationFiles());
  expect(await second.query('SELECT user_id FROM users')).toEqual([]);
  expect(await first.query('SELECT user_id FROM users')).toEqual([{ user_id: 'ada' }]);
});
