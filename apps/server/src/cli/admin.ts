import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { setAdmin } from '../portal/admins';

/**
 * `npm run admin -- grant|revoke <mobile or loginName>`: the first administrator has to come
 * from somewhere other than the portal. With the embedded database, stop the server first
 * (PGlite allows one process per data dir).
 */
const [command, who] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !who) {
  console.error('usage: npm run admin -- grant|revoke <mobile number or login name>');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
try {
  const changed = await setAdmin(db, who, command === 'grant');
  if (!changed) {
    console.error(`no portal account with the mobile number or login name "${who}"`);
    process.exitCode = 1;
  } else {
    console.log(
      `${who} (userID ${changed.userID}) ${command === 'grant' ? 'is now an administrator' : 'is no longer an administrator'}`,
    );
  }
} finally {
  await db.close();
}
