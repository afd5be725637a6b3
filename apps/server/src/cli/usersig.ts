import { userIDSchema } from '@liaison/protocol';
import { loadOrCreateDevApp } from '../auth/app-credentials';
import { genUserSig } from '../auth/usersig';
import { loadConfig } from '../config';

/** Prints a userSig for local use: `npm run usersig -- <userID> [expireSeconds]`. */
const [userID, expireArg] = process.argv.slice(2);
const parsed = userIDSchema.safeParse(userID);
if (!parsed.success) {
  console.error('usage: npm run usersig -- <userID> [expireSeconds]  (userID: letters, digits, _ and -, 1-32 chars)');
  process.exit(2);
}
const expire = expireArg === undefined ? 7 * 24 * 3600 : Number(expireArg);
if (!Number.isInteger(expire) || expire <= 0) {
  console.error(`expireSeconds must be a positive whole number, got "${expireArg}"`);
  process.exit(2);
}
const config = loadConfig();
const app =
  config.sdkAppID !== null && config.secretKey
    ? { sdkAppID: config.sdkAppID, secretKey: config.secretKey }
    : (await loadOrCreateDevApp(config.dataDir)).app;
console.log(
  JSON.stringify({ SDKAppID: app.sdkAppID, userID: parsed.data, userSig: genUserSig(app, parsed.data, expire) }),
);
