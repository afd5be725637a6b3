import { rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { requestSnapshot, snapshotStopped } from '../db/snapshot';

/**
 * `npm run backup -- <file>`: a consistent snapshot of the embedded database (DATA_DIR/db) as a
 * gzipped tarball. A running server takes it between two statements without stopping; with no
 * server running, the data dir is opened directly. PostgreSQL deployments use pg_dump instead.
 */
const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: npm run backup -- <file>   (the embedded database in DATA_DIR, as a .tar.gz)');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc (see docs/backup.md)');
  process.exit(2);
}
try {
  const fromServer = await requestSnapshot(config.dataDir);
  const snapshot = fromServer ?? (await snapshotStopped(config.dataDir));
  // Written beside the target and renamed, so a failed backup never leaves half a file under its name.
  const target = resolve(file);
  await writeFile(`${target}.partial`, snapshot);
  await rename(`${target}.partial`, target);
  console.log(
    `backup of ${config.dataDir} written to ${target} (${snapshot.byteLength} bytes, ${fromServer ? 'taken by the running server' : 'server not running'})`,
  );
} catch (err) {
  console.error(`backup failed: ${(err as Error).message}`);
  process.exit(1);
}
