import { type DeploymentAbilities, ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, nextEvent, startServer } from '../../integration/harness';
import { wav } from '../../integration/media-samples';
import { type Cast, castOf, put } from '../../portal/admin/admin-test-kit';

const { EVENT, TYPES } = LiaisonChat;
/** The purchase bits Tencent's UI engine asks about (chat-uikit-engine's checkCommercialAbility). */
const READ_RECEIPT = 2 ** 5;
const ONLINE_STATUS = 2 ** 7;
const TRANSLATION = 2 ** 38;
const VOICE_TO_TEXT = 2 ** 39;
const ALL_ON: DeploymentAbilities = {
  groupReadReceipt: true,
  onlineStatus: true,
  translation: true,
  voiceToText: true,
};

let server: LiaisonServer;
let cast: Cast;
const chats: Chat[] = [];

async function user(userID: string, on: LiaisonServer = server): Promise<Chat> {
  const chat = await connect(on, userID);
  chats.push(chat);
  return chat;
}

async function enabled(chat: Chat, key: number): Promise<boolean> {
  return (await chat.callExperimentalAPI('isCommercialAbilityEnabled', key)).data.enabled;
}

/** An admin sets switches on the admin screen's route; resolves with what it answered. */
async function setAbilities(changes: Partial<DeploymentAbilities>) {
  return put<DeploymentAbilities>(cast.admin, '/system/deployment/abilities', changes);
}

beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  cast = await castOf(server);
}, 120_000);

afterAll(async () => {
  await Promise.all(chats.map((c) => c.logout().catch(() => undefined)));
  await server?.close();
});

describe('callExperimentalAPI', () => {
  it('answers every paid-plan capability enabled on a deployment left as installed', async () => {
    const alice = await user('dep-alice');
    for (const key of [READ_RECEIPT, ONLINE_STATUS, TRANSLATION, VOICE_TO_TEXT, TRANSLATION + VOICE_TO_TEXT]) {
      expect(await enabled(alice, key)).toBe(true);
    }
    // Reactions are always here; Tencent's customer-service plugin never is.
    expect(await enabled(alice, 2 ** 48)).toBe(true);
    expect(await enabled(alice, 2 ** 40)).toBe(false);
  });

  it('answers the module, statistics and reporting apis as Tencent’s runtime, and an unknown api with 2905', async () => {
    const alice = await user('dep-apis');
    expect(alice.callExperimentalAPI('canIUseModule', ['group-module'])).toBe(true);
    expect(alice.callExperimentalAPI('statTUIKeyFeatures', { code: 1, msg: 'x' })).toBeUndefined();
    expect(alice.callExperimentalAPI('isFeatureEnabledForStat', TRANSLATION)).toBeUndefined();
    await expect(alice.callExperimentalAPI('reportTUIFeatureUsage', { atomicStoreID: 1206 })).resolves.toEqual({
      code: 0,
      data: {},
    });
    await expect(alice.callExperimentalAPI('reportModalView', '{"id":1}')).resolves.toEqual({ code: 0, data: {} });
    await expect(alice.callExperimentalAPI('noSuchApi', {})).rejects.toMatchObject({
      code: ErrorCode.INVALID_OPERATION,
    });
    await expect(alice.callExperimentalAPI('sendRoomCustomData', { data: 'x' })).rejects.toMatchObject({
      code: ErrorCode.INVALID_TRTC_CMD,
    });
  });

  it('answers nothing enabled before login, as Tencent’s without its configuration', async () => {
    const chat = LiaisonChat.create({ SDKAppID: server.app.sdkAppID, server: server.url, webRTC: null });
    expect(await enabled(chat, TRANSLATION)).toBe(false);
    expect(await enabled(chat, 0)).toBe(true);
  });
});

describe('the deployment’s switches', () => {
  it('reach a connected client as SERVER_CONFIG_UPDATED, and the switched-off op is refused with 3122', async () => {
    const alice = await user('dep-switch');
    expect(await enabled(alice, TRANSLATION)).toBe(true);
    const updated = nextEvent<{ config: DeploymentAbilities }>(alice, EVENT.SERVER_CONFIG_UPDATED);
    const answer = await setAbilities({ translation: false });
    expect(answer).toMatchObject({ code: 200, data: { ...ALL_ON, translation: false } });
    expect((await updated).config).toEqual({ ...ALL_ON, translation: false });
    expect(await enabled(alice, TRANSLATION)).toBe(false);
    expect(await enabled(alice, VOICE_TO_TEXT)).toBe(true);
    await expect(alice.translateText({ sourceTextList: ['hello'], targetLanguage: 'zh' })).rejects.toMatchObject({
      code: ErrorCode.FEATURE_NOT_ENABLED,
    });
    // A client that logs in afterwards reads the switch from the server.
    const late = await user('dep-late');
    expect(await enabled(late, TRANSLATION)).toBe(false);
    await setAbilities({ translation: true });
    expect((await cast.admin.call<DeploymentAbilities>('GET', '/system/deployment/abilities')).data).toEqual(ALL_ON);
  });

  it('refuses group read receipts, online status and voice to text while each is off, and nothing changes', async () => {
    const alice = await user('dep-owner');
    const bob = await user('dep-member');
    const { data } = await alice.createGroup({
      type: TYPES.GRP_WORK,
      name: 'plans',
      memberList: [{ userID: 'dep-member' }],
    });
    const groupID = data.group.groupID;
    const arrived = nextEvent<Message[]>(bob, EVENT.MESSAGE_RECEIVED, (list) =>
      list.some((m) => m.type === TYPES.MSG_TEXT),
    );
    const sent = await alice.sendMessage(
      alice.createTextMessage({
        to: groupID,
        conversationType: TYPES.CONV_GROUP,
        payload: { text: 'read me' },
        needReadReceipt: true,
      }),
    );
    const received = (await arrived).find((m) => m.type === TYPES.MSG_TEXT) as Message;
    const voice = await alice.sendMessage(
      alice.createAudioMessage({ to: 'dep-member', conversationType: TYPES.CONV_C2C, payload: { file: wav(1) } }),
    );
    await setAbilities({ groupReadReceipt: false, onlineStatus: false, voiceToText: false });

    await expect(bob.sendMessageReadReceipt([received])).rejects.toMatchObject({
      code: ErrorCode.FEATURE_NOT_ENABLED,
    });
    await expect(
      alice.getGroupMessageReadMemberList({ message: sent.data.message, filter: 0, cursor: '', count: 10 }),
    ).rejects.toMatchObject({ code: ErrorCode.FEATURE_NOT_ENABLED });
    await expect(alice.getUserStatus({ userIDList: ['dep-member'] })).rejects.toMatchObject({
      code: ErrorCode.FEATURE_NOT_ENABLED,
    });
    await expect(alice.subscribeUserStatus({ userIDList: ['dep-member'] })).rejects.toMatchObject({
      code: ErrorCode.FEATURE_NOT_ENABLED,
    });
    await expect(alice.convertVoiceToText({ message: voice.data.message })).rejects.toMatchObject({
      code: ErrorCode.FEATURE_NOT_ENABLED,
    });

    await setAbilities({ groupReadReceipt: true, onlineStatus: true, voiceToText: true });
    // The refused receipt was never counted: bob's read now is the first.
    await bob.sendMessageReadReceipt([received]);
    const { data: receipts } = await alice.getMessageReadReceiptList([sent.data.message]);
    expect(receipts.messageList[0]).toMatchObject({ readReceiptInfo: { readCount: 1 } });
  });

  it('are changed by platform admins only; a bad body changes nothing', async () => {
    const someone = await cast.user();
    for (const caller of [someone, cast.visitor, await cast.subAccount()]) {
      const answer = await put(caller, '/system/deployment/abilities', { translation: false });
      expect(answer.code).not.toBe(200);
      expect((await caller.call('GET', '/system/deployment/abilities')).code).not.toBe(200);
    }
    for (const body of [{}, { translation: 'no' }, { translation: false, unknown: true }, [false]]) {
      expect((await setAbilities(body as Partial<DeploymentAbilities>)).code).toBe(500);
    }
    expect((await cast.admin.call<DeploymentAbilities>('GET', '/system/deployment/abilities')).data).toEqual(ALL_ON);
  });

  it('start from the environment’s defaults', async () => {
    const off = await startServer(undefined, { abilities: { onlineStatus: false } });
    try {
      const carol = await user('dep-env', off);
      expect(await enabled(carol, ONLINE_STATUS)).toBe(false);
      expect(await enabled(carol, READ_RECEIPT)).toBe(true);
      await expect(carol.getUserStatus({ userIDList: ['dep-env'] })).rejects.toMatchObject({
        code: ErrorCode.FEATURE_NOT_ENABLED,
      });
    } finally {
      await chats.pop()?.logout();
      await off.close();
    }
  }, 60_000);
});

describe('once and destroy', () => {
  it('calls a once() handler for the next event only, and destroy() emits SDK_DESTROY with the SDKAppID last', async () => {
    const chat = await connect(server, 'dep-once');
    const seen: string[] = [];
    chat.once(EVENT.SDK_NOT_READY, () => seen.push('not ready (once)'));
    const dropped = () => seen.push('dropped');
    chat.once(EVENT.SDK_DESTROY, dropped);
    chat.off(EVENT.SDK_DESTROY, dropped);
    chat.on(EVENT.SDK_DESTROY, (event) => seen.push(`destroy ${event.data.SDKAppID}`));
    await chat.destroy();
    expect(seen).toEqual(['not ready (once)', `destroy ${server.app.sdkAppID}`]);
  });
});
