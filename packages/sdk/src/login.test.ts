import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import LiaisonChat from './index';

describe('logout and destroy with nobody logged in, as Tencent’s', () => {
  const make = () => LiaisonChat.create({ SDKAppID: 1400000201, server: 'ws://127.0.0.1:9', webRTC: null });

  it('refuses logout before login with 2024 (USER_NOT_LOGGED_IN)', async () => {
    await expect(make().logout()).rejects.toMatchObject({ code: ErrorCode.USER_NOT_LOGGED_IN });
  });

  it('refuses destroy the same way', async () => {
    await expect(make().destroy()).rejects.toMatchObject({ code: ErrorCode.USER_NOT_LOGGED_IN });
  });
});
