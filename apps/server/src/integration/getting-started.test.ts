import TencentCloudChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { GETTING_STARTED_STEPS, runGettingStartedFlow } from '../../../../tests/support/getting-started-flow';
import { userSigFor, useServer } from './harness';

const { server } = useServer();

/**
 * The reference SDK's getting-started code, as its pages give it, with two changes: the import
 * (aliased to the reference's name) and one `setDefaultServer` line naming the server.
 */
describe('code written for the reference SDK', () => {
  it('runs with only the import changed and the server named once', async () => {
    TencentCloudChat.setDefaultServer(server().url);
    const peer = TencentCloudChat.create({ SDKAppID: server().app.sdkAppID, server: server().url });
    await peer.login({ userID: 'gs-user1', userSig: userSigFor(server(), 'gs-user1') });
    const peerReceived: string[] = [];
    peer.on(TencentCloudChat.EVENT.MESSAGE_RECEIVED, (event) => {
      for (const m of event.data) if (m.type === TencentCloudChat.TYPES.MSG_TEXT) peerReceived.push(m.payload.text);
    });

    const options = { SDKAppID: server().app.sdkAppID };
    const chat = TencentCloudChat.create(options);
    chat.setLogLevel(0);
    chat.setLogLevel(1);
    chat.registerPlugin({ 'tim-upload-plugin': class TIMUploadPlugin {} });
    const sent = new Promise((resolve, reject) => {
      const onSdkReady = () => {
        const message = chat.createTextMessage({
          to: 'gs-user1',
          conversationType: TencentCloudChat.TYPES.CONV_C2C,
          payload: { text: 'Hello world!' },
        });
        chat.sendMessage(message).then(resolve).catch(reject);
      };
      chat.on(TencentCloudChat.EVENT.SDK_READY, onSdkReady);
    });
    const imResponse = await chat.login({ userID: 'gs-me', userSig: userSigFor(server(), 'gs-me') });
    expect(imResponse.data.repeatLogin).toBe(false);
    expect(await sent).toMatchObject({ code: 0, data: { message: { payload: { text: 'Hello world!' } } } });

    const list = await chat.getMessageList({ conversationID: 'C2Cgs-user1' });
    expect(list.data.messageList.map((m) => m.payload)).toEqual([{ text: 'Hello world!' }]);
    expect(list.data.isCompleted).toBe(true);
    const conversations = await chat.getConversationList();
    expect(conversations.data.conversationList[0]?.conversationID).toBe('C2Cgs-user1');
    await expect.poll(() => peerReceived).toEqual(['Hello world!']);
    await chat.logout();
    await peer.logout();
  });

  it('runs the whole flow (create to logout) from its shared script, as the build test runs it on the packed package', async () => {
    const user = (userID: string) => ({ userID, userSig: userSigFor(server(), userID) });
    const steps = await runGettingStartedFlow({
      server: server().url,
      SDKAppID: server().app.sdkAppID,
      users: { me: user('gs-flow-me'), peer: user('gs-flow-peer'), member: user('gs-flow-member') },
    });
    expect(steps).toEqual(GETTING_STARTED_STEPS);
  });

  it('resolves login first and emits SDK_READY after, so a ready handler added in login().then hears it', async () => {
    const chat = TencentCloudChat.create({ SDKAppID: server().app.sdkAppID, server: server().url });
    const order: string[] = [];
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('SDK_READY never came after login resolved')), 5_000);
      chat.login({ userID: 'gs-order', userSig: userSigFor(server(), 'gs-order') }).then(() => {
        order.push('login resolved');
        chat.on(TencentCloudChat.EVENT.SDK_READY, () => {
          clearTimeout(timer);
          order.push('ready');
          resolve();
        });
      }, reject);
    });
    await ready;
    expect(order).toEqual(['login resolved', 'ready']);
    expect(chat.isReady()).toBe(true);
    expect(Math.abs(chat.getServerTime() - Date.now() / 1000)).toBeLessThan(2);
    expect(TencentCloudChat.VERSION).toBe('3.6.6');
    await chat.logout();
  });
});
