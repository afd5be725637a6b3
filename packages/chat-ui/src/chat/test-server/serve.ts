// Run by child-server.ts with `node --import tsx`: a real in-memory server for component tests.
// Prints one JSON line {url, app} once listening; stops when its stdin closes.
import { startServer } from '../../../../../apps/server/src/integration/harness';

const server = await startServer();
process.stdout.write(`${JSON.stringify({ url: server.url, app: server.app })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
