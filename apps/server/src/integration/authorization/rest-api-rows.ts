import type { LiaisonServer } from '../../app';
import { genUserSig } from '../../auth/usersig';
import { RestClient } from '../../rest-api/test-client';

/**
 * Who may call the server REST API (POST /v4/<service>/<command>): the same for every command,
 * so one row per kind of caller, checked against every command in the command table. 'allow'
 * means past authorisation (the command then judges its body); a number is Tencent's refusal.
 */
export const REST_API_CALLERS: ReadonlyArray<{
  caller: string;
  expect: 'allow' | number;
  client(server: LiaisonServer): RestClient;
}> = [
  { caller: 'an administrator (IM_ADMIN_USERIDS)', expect: 'allow', client: (server) => new RestClient(server) },
  {
    caller: 'an ordinary user with a valid userSig',
    expect: 60010,
    client: (server) => new RestClient(server, 'az-rest-user'),
  },
  {
    caller: 'an administrator’s name with a userSig forged with another key',
    expect: 70003,
    client: (server) =>
      new RestClient(
        server,
        'administrator',
        genUserSig({ sdkAppID: server.app.sdkAppID, secretKey: 'not-the-apps-key' }, 'administrator', 3600),
      ),
  },
  {
    caller: 'an administrator of another app',
    expect: 70014,
    client: (server) =>
      new RestClient(
        server,
        'administrator',
        genUserSig({ sdkAppID: server.app.sdkAppID + 1, secretKey: server.app.secretKey }, 'administrator', 3600),
      ),
  },
  {
    caller: 'a caller without a usersig',
    expect: 60004,
    client: (server) => new RestClient(server, 'administrator', ''),
  },
];

/** The refusals that are about the caller, not the body. */
export const REST_API_AUTH_CODES: ReadonlySet<number> = new Set([
  60004, 60006, 60010, 60012, 70001, 70003, 70013, 70014,
]);
