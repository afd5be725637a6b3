import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config';
import { restoreSnapshot } from '../db/snapshot';

/**
 * `npm run restore -- <file> [--force]`: puts a backup made by `npm run backup` back as the
 * embedded database of DATA_DIR. The server must be stopped; a data dir that already holds a
 * database is replaced only with --force.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const [file] = args.filter((a) => a !== '--force');
if (!file) {
  console.error('usage: npm run restore -- <file> [--force]   (into DATA_DIR; the server must be stopped)');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/backup.md)');
  process.exit(2);
}
try {
  await restoreSnapshot(config.dataDir, new Uint8Array(await readFile(file)), force);
  console.log(`restored ${file} into ${config.dataDir}`);
} catch (err) {
  console.error(`restore failed: ${(err as Error).message}`);
  process.exit(1);
}
