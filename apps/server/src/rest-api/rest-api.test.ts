import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { genUserSig } from '../auth/usersig';
import { startServer } from '../integration/harness';
import { snapshotAll } from '../integration/state-snapshot';
import { restApiFromEnv } from './settings';
import { RestClient } from './test-client';

let server: LiaisonServer;
let admin: RestClient;

beforeAll(async () => {
  server = await startServer(undefined, { restApi: { adminUserIDs: ['administrator', 'ops'] }, limits: {} });
  admin = new RestClient(server);
});
afterAll(() => server?.close());

/** Tencent's own signing package, as a backend written for Tencent signs its administrator. */
const TLSSigAPIv2 = createRequire(import.meta.url)('tls-sig-api-v2') as {
  Api: new (sdkAppID: number, key: string) => { genUserSig(userID: string, expire: number): string };
};

const FAIL = (code: number) => expect.objectContaining({ ActionStatus: 'FAIL', ErrorCode: code });

describe('the server REST API', () => {
  it('answers an administrator with OK, ErrorCode 0 and the command’s fields', async () => {
    expect(await admin.call('im_open_login_svc/account_import', { UserID: 'rest_ok' })).toEqual({
      ActionStatus: 'OK',
      ErrorCode: 0,
      ErrorInfo: '',
    });
    const ops = new RestClient(server, 'ops');
    const check = await ops.call('im_open_login_svc/account_check', { CheckItem: [{ UserID: 'rest_ok' }] });
    expect(check).toMatchObject({ ActionStatus: 'OK', ResultItem: [{ UserID: 'rest_ok', AccountStatus: 'Imported' }] });
  });

  it('refuses a caller Tencent would: no or another sdkappid, no identifier, a bad, expired or borrowed usersig, a user who is no administrator', async () => {
    const before = await snapshotAll(server.db);
    const body = { UserID: 'rest_never' };
    const path = 'im_open_login_svc/account_import';
    expect(await admin.call(path, body, { sdkappid: undefined })).toEqual(FAIL(60012));
    expect(await admin.call(path, body, { sdkappid: '1400000002' })).toEqual(FAIL(60006));
    expect(await admin.call(path, body, { identifier: undefined })).toEqual(FAIL(60004));
    expect(await admin.call(path, body, { usersig: 'not-a-usersig' })).toEqual(FAIL(70003));
    const past = Date.now() - 7_200_000;
    expect(
      await new RestClient(server, 'administrator', genUserSig(server.app, 'administrator', 60, past)).call(path, body),
    ).toEqual(FAIL(70001));
    const forged = genUserSig({ sdkAppID: server.app.sdkAppID, secretKey: 'someone-elses-key' }, 'administrator', 3600);
    expect(await new RestClient(server, 'administrator', forged).call(path, body)).toEqual(FAIL(70003));
    const otherApp = genUserSig({ sdkAppID: 1_400_000_002, secretKey: server.app.secretKey }, 'administrator', 3600);
    expect(await new RestClient(server, 'administrator', otherApp).call(path, body)).toEqual(FAIL(70014));
    expect(await new RestClient(server, 'administrator', genUserSig(server.app, 'ops', 3600)).call(path, body)).toEqual(
      FAIL(70013),
    );
    // A valid userSig of an ordinary user is still no administrator's.
    expect(await new RestClient(server, 'alice').call(path, body)).toEqual(FAIL(60010));
    expect(await admin.call(path, body, { random: 'x' })).toEqual(FAIL(60002));
    expect(await admin.call(path, body, { contenttype: 'xml' })).toEqual(FAIL(60002));
    expect(await snapshotAll(server.db)).toEqual(before);
  });

  it('answers an unknown command, another method, a body that is not a JSON object and bad fields with Tencent’s codes, always as HTTP 200', async () => {
    expect(await admin.call('im_open_login_svc/no_such_command', {})).toEqual(FAIL(60009));
    expect(await admin.call('toString/constructor', {})).toEqual(FAIL(60009));
    const get = await admin.send('GET', 'im_open_login_svc/account_check', undefined);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual(FAIL(60002));
    for (const text of ['{"CheckItem":', '[1,2]', '"text"', '']) {
      const response = await admin.send('POST', 'im_open_login_svc/account_check', text);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(FAIL(60003));
    }
    const bad = await admin.call('im_open_login_svc/account_check', { CheckItem: [] });
    expect(bad).toEqual(FAIL(70402));
    expect(bad.ErrorInfo).toMatch(/CheckItem/);
  });

  it('reads the body whatever Content-Type the backend sends, as Tencent does', async () => {
    const params = new URLSearchParams({
      sdkappid: String(server.app.sdkAppID),
      identifier: 'administrator',
      usersig: admin.usersig,
      random: '1',
      contenttype: 'json',
    });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const response = await fetch(`${server.url}/v4/im_open_login_svc/account_check?${params}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify({ CheckItem: [{ UserID: 'rest_ok' }] }),
      });
      expect(await response.json(), type).toMatchObject({ ActionStatus: 'OK' });
    }
  });
});

describe('a backend written for Tencent', () => {
  it('is served when it signs with Tencent’s tls-sig-api-v2 and calls Tencent’s URL with only the host changed', async () => {
    const usersig = new TLSSigAPIv2.Api(server.app.sdkAppID, server.app.secretKey).genUserSig('administrator', 86400);
    // Tencent's documented form: https://console.tim.qq.com/v4/<service>/<command>?sdkappid=…&random=…
    const host = server.url;
    const call = async (command: string, body: object) => {
      const random = Math.floor(Math.random() * 4_294_967_295);
      const url = `${host}/v4/${command}?sdkappid=${server.app.sdkAppID}&identifier=administrator&usersig=${usersig}&random=${random}&contenttype=json`;
      const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
      return response.json();
    };
    expect(await call('im_open_login_svc/account_import', { UserID: 'tencent_backend', Nick: 'Backend' })).toEqual({
      ActionStatus: 'OK',
      ErrorCode: 0,
      ErrorInfo: '',
    });
    expect(
      await call('profile/portrait_get', { To_Account: ['tencent_backend'], TagList: ['Tag_Profile_IM_Nick'] }),
    ).toMatchObject({
      ActionStatus: 'OK',
      UserProfileItem: [
        { To_Account: 'tencent_backend', ProfileItem: [{ Tag: 'Tag_Profile_IM_Nick', Value: 'Backend' }] },
      ],
    });
  });
});

describe('the REST API rate', () => {
  let limited: LiaisonServer;
  beforeAll(async () => {
    limited = await startServer(undefined, { limits: { restCallsPerSecond: 3 } });
  });
  afterAll(() => limited?.close());

  it('refuses calls of one command past REST_CALLS_PER_SECOND with 60007, and not another command’s', async () => {
    const client = new RestClient(limited);
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(await client.call('im_open_login_svc/account_check', { CheckItem: [{ UserID: 'x' }] }));
    }
    expect(answers.filter((a) => a.ErrorCode === 60007).length).toBeGreaterThan(0);
    expect(await client.call('openim/query_online_status', { To_Account: ['x'] })).toMatchObject({
      ActionStatus: 'OK',
    });
  });
});

describe('IM_ADMIN_USERIDS', () => {
  it('defaults to administrator, takes a comma-separated list, and refuses what is no userID', () => {
    expect(restApiFromEnv({}).adminUserIDs).toEqual(['administrator']);
    expect(restApiFromEnv({ IM_ADMIN_USERIDS: 'ops, backend' }).adminUserIDs).toEqual(['ops', 'backend']);
    expect(() => restApiFromEnv({ IM_ADMIN_USERIDS: 'ops,bad id' })).toThrow(/IM_ADMIN_USERIDS/);
  });
});
