import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { indexStoredMessages } from '../im/search/backfill';

/**
 * `npm run reindex`: writes the search tokens of every stored message again (docs/search.md),
 * after the tokenizer changed or to repair the index; `-- --missing` only those without tokens,
 * which the server also does by itself at start-up. The server may keep running on PostgreSQL;
 * with the embedded database, stop it first (PGlite allows one process per data dir).
 */
const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--missing')) {
  console.error('usage: npm run reindex [-- --missing]');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
const started = Date.now();
let reported = 0;
try {
  const run = await indexStoredMessages(db, {
    all: !args.includes('--missing'),
    onBatch: ({ scanned }) => {
      if (scanned - reported < 50_000) return;
      reported = scanned;
      console.log(`${scanned} messages read…`);
    },
  });
  console.log(`search index: ${run.indexed} of ${run.scanned} messages written in ${Date.now() - started} ms`);
} finally {
  await db.close();
}
