import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor } from './ice-servers';
import { callsFromEnv, defaultCallSettings } from './settings';

describe('call settings', () => {
  it('default to a 60 s invite and no ICE servers, which loopback and LAN calls need none of', () => {
    const settings = callsFromEnv({});
    expect(settings).toMatchObject({ inviteTimeoutSeconds: 60, iceServers: null, stunUrl: null, turn: null });
    expect(iceServersFor({ iceServers: null, stunUrl: null, turn: null }, 'alice', 0)).toEqual([]);
  });

  it('hand out ICE_SERVERS as given, ahead of STUN_URL and TURN_*', () => {
    const listed = [{ urls: ['turn:relay.example.com:3478'], username: 'u', credential: 'p' }];
    const settings = callsFromEnv({
      ICE_SERVERS: JSON.stringify(listed),
      STUN_URL: 'stun:stun.example.com:3478',
    });
    expect(iceServersFor({ ...defaultCallSettings, ...settings }, 'alice', 0)).toEqual(listed);
  });

  it('give TURN credentials in coturn’s REST format that expire after TURN_TTL_SECONDS', () => {
    const settings = callsFromEnv({
      STUN_URL: 'stun:stun.example.com:3478',
      TURN_URL: 'turn:turn.example.com:3478, turns:turn.example.com:5349?transport=tcp',
      TURN_SECRET: 'shared-secret',
      TURN_TTL_SECONDS: '600',
    });
    const servers = iceServersFor({ ...defaultCallSettings, ...settings }, 'alice', 1_700_000_000_000);
    const username = `${1_700_000_000 + 600}:alice`;
    expect(servers).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      {
        urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349?transport=tcp'],
        username,
        credential: createHmac('sha1', 'shared-secret').update(username).digest('base64'),
      },
    ]);
  });

  it('give each user 10 invites at once and 6 a minute after, or what IM_CALL_INVITES_PER_MINUTE and IM_CALL_INVITE_BURST say', () => {
    expect(callsFromEnv({})).toMatchObject({ invitesPerMinute: 6, inviteBurst: 10 });
    expect(callsFromEnv({ IM_CALL_INVITES_PER_MINUTE: '30', IM_CALL_INVITE_BURST: '50' })).toMatchObject({
      invitesPerMinute: 30,
      inviteBurst: 50,
    });
    expect(() => callsFromEnv({ IM_CALL_INVITES_PER_MINUTE: '0' })).toThrow('IM_CALL_INVITES_PER_MINUTE');
    expect(() => callsFromEnv({ IM_CALL_INVITE_BURST: 'x' })).toThrow('IM_CALL_INVITE_BURST');
  });

  it('refuse malformed settings, naming the variable', () => {
    expect(() => callsFromEnv({ CALL_INVITE_TIMEOUT_SECONDS: '2' })).toThrow('CALL_INVITE_TIMEOUT_SECONDS');
    expect(() => callsFromEnv({ ICE_SERVERS: '{"urls": 1}' })).toThrow('ICE_SERVERS');
    expect(() => callsFromEnv({ ICE_SERVERS: 'stun:x' })).toThrow('ICE_SERVERS must be JSON');
    expect(() => callsFromEnv({ TURN_URL: 'turn:t.example.com' })).toThrow('TURN_URL and TURN_SECRET');
    expect(() => callsFromEnv({ TURN_URL: 'http://t.example.com', TURN_SECRET: 's' })).toThrow('TURN_URL');
    expect(() => callsFromEnv({ STUN_URL: 'turn:x' })).toThrow('STUN_URL');
  });
});
