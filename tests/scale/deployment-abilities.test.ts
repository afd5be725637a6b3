import { type DeploymentAbilities, ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { type Chat, connect, nextEvent, startServer } from '../../apps/server/src/integration/harness';
import { castOf, put } from '../../apps/server/src/portal/admin/admin-test-kit';
import { createScratchDatabase, NATS_URL, scaleApp } from './shared-services';

/**
 * An admin's switch on one server reaches the clients of another: saved in the shared
 * PostgreSQL, announced over NATS, pushed by each server to its own sessions. (Two servers in
 * this process, each with its own database pool and NATS connection.)
 */
const app = scaleApp(1_400_777_027);
const TRANSLATION = 2 ** 38;

let adminServer: LiaisonServer;
let chatServer: LiaisonServer;
const chats: Chat[] = [];
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createScratchDatabase('liaison_abilities');
  dropDatabase = database.drop;
  const options = { databaseUrl: database.url, natsUrl: NATS_URL, app };
  const portal = { testHooks: true, devOutboxEndpoint: false };
  // One after the other, so that one of them applies the migrations.
  adminServer = await startServer(portal, options);
  chatServer = await startServer(portal, options);
}, 120_000);

afterAll(async () => {
  for (const chat of chats) await chat.logout().catch(() => undefined);
  await chatServer?.close();
  await adminServer?.close();
  await dropDatabase?.();
});

describe('the deployment’s switches across server processes', () => {
  it('an admin’s switch on one server reaches the other’s clients at once, and that server refuses the op', async () => {
    const { admin } = await castOf(adminServer);
    const alice = await connect(chatServer, 'abilities-alice');
    chats.push(alice);
    expect((await alice.callExperimentalAPI('isCommercialAbilityEnabled', TRANSLATION)).data.enabled).toBe(true);

    const updated = nextEvent<{ config: DeploymentAbilities }>(alice, LiaisonChat.EVENT.SERVER_CONFIG_UPDATED);
    expect((await put(admin, '/system/deployment/abilities', { translation: false })).code).toBe(200);
    expect((await updated).config.translation).toBe(false);
    expect((await alice.callExperimentalAPI('isCommercialAbilityEnabled', TRANSLATION)).data.enabled).toBe(false);
    await expect(alice.translateText({ sourceTextList: ['hi'], targetLanguage: 'zh' })).rejects.toMatchObject({
      code: ErrorCode.FEATURE_NOT_ENABLED,
    });

    const restored = nextEvent<{ config: DeploymentAbilities }>(alice, LiaisonChat.EVENT.SERVER_CONFIG_UPDATED);
    await put(admin, '/system/deployment/abilities', { translation: true });
    expect((await restored).config.translation).toBe(true);
    // Switched on again, the op reaches the provider check (none is configured here).
    await expect(alice.translateText({ sourceTextList: ['hi'], targetLanguage: 'zh' })).rejects.toMatchObject({
      code: ErrorCode.TRANSLATION_NOT_ENABLED,
    });
  }, 60_000);
});
