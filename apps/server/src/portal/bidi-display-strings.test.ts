import type { AbilityDetail, SubAccount } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { submitEnterprise } from './admin/admin-test-kit';
import { PortalClient } from './test-client';
import { admin, enterprise, freshLoginName, type Person, registered } from './test-people';

/**
 * Bidi formatting characters typed into a portal name (or an uploaded file's name) are not
 * stored: `\u202E` in `invoice\u202Efdp.exe` would show it as `invoiceexe.pdf` wherever it is listed.
 */
const RLO = '\u202e';
const spoof = (a: string, b: string) => `${a}${RLO}${b}\u2066\u200f\u061c`;
const B = '/portal/supply/chain';
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

let server: LiaisonServer;
let company: Person;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  company = await enterprise(server);
});
afterAll(() => server.close());

describe('bidi controls in portal display strings', () => {
  it('are taken out of a sub-account name when it is created and when it is renamed', async () => {
    const loginName = freshLoginName();
    const created = await company.client.call<{ id: string }>('POST', `${B}/sub/account`, {
      loginName,
      nick: spoof('运营', '专员'),
      password: await company.client.encrypt('Ops2026ok'),
      abilityIds: [],
    });
    expect(created.code, created.msg).toBe(200);
    const listed = async () =>
      (await company.client.call<{ rows: SubAccount[] }>('GET', `${B}/sub/account/list?loginName=${loginName}`)).data
        ?.rows[0]?.nick;
    expect(await listed()).toBe('运营专员');
    const renamed = await company.client.call('POST', `${B}/sub/account/update`, {
      id: created.data?.id,
      nick: spoof('采购', '专员'),
      abilityIds: [],
    });
    expect(renamed.code, renamed.msg).toBe(200);
    expect(await listed()).toBe('采购专员');
  });

  it('are taken out of an enterprise name submitted for review', async () => {
    const { client } = await registered(server);
    await submitEnterprise(client, spoof('苏州', '精工有限公司'));
    const material = await client.call<{ enterpriseName: string }>('GET', `${B}/auth/data`);
    expect(material.data?.enterpriseName).toBe('苏州精工有限公司');
  });

  it('are taken out of an ability name, and a name of nothing else is refused', async () => {
    const added = await company.client.call<{ id: string }>('POST', `${B}/add/product`, {
      productName: spoof('精密', 'CNC加工'),
      categoryId: 2,
    });
    expect(added.code, added.msg).toBe(200);
    const detail = await company.client.call<AbilityDetail>('POST', `${B}/detail`, { id: added.data?.id });
    expect(detail.data?.productName).toBe('精密CNC加工');
    const empty = await company.client.call('POST', `${B}/add/product`, { productName: `${RLO}\u200e`, categoryId: 2 });
    expect(empty).toMatchObject({ code: 500, msg: '请输入能力名称' });
  });

  it('are taken out of the names of platform content an administrator writes', async () => {
    const boss = await admin(server);
    const expert = await boss.client.call<{ id: string }>('POST', '/portal/admin/expert', {
      name: spoof('王', '工程师'),
    });
    expect(expert.code, expert.msg).toBe(200);
    const shown = await new PortalClient(server).call<{ name: string }>('GET', `/portal/expert/${expert.data?.id}`);
    expect(shown.data?.name).toBe('王工程师');
  });

  it("are taken out of an uploaded file's name: stored, listed and downloaded without them", async () => {
    const { client } = await registered(server);
    const uploaded = await client.upload(`invoice${RLO}fdp.exe.pdf`, PDF);
    expect(uploaded.code, uploaded.msg).toBe(200);
    const download = await fetch(`${server.url}/prod-api${uploaded.fileName}`);
    expect(download.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''invoicefdp.exe.pdf");
    // Listed back to its uploader as the enterprise licence's name.
    await submitEnterprise(client, '苏州文件有限公司', `licence${RLO}fdp.pdf`);
    const material = await client.call<{ businessLicenseName: string }>('GET', `${B}/auth/data`);
    expect(material.data?.businessLicenseName).toBe('licencefdp.pdf');
  });
});
