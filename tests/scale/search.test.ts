import { afterAll } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { startServer } from '../../apps/server/src/integration/harness';
import { describeMessageSearch } from '../../apps/server/src/integration/message-search-spec';
import { createScratchDatabase } from './shared-services';

/** The same search cases as on the embedded database, on PostgreSQL. */
let drop: (() => Promise<void>) | undefined;

// Registered first, so it runs after the spec's own (which closes the server).
afterAll(async () => {
  await drop?.();
});

describeMessageSearch(async (): Promise<LiaisonServer> => {
  const database = await createScratchDatabase('liaison_search');
  drop = database.drop;
  return startServer(undefined, { databaseUrl: database.url });
});
