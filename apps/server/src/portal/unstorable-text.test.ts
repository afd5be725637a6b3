import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { creditCodeCheckChar, idCardCheckDigit } from './identity';
import { freshMobile, PortalClient } from './test-client';

/** Portal bodies go through the same refusal of NUL and unpaired surrogates as IM requests. */
let server: LiaisonServer;
let client: PortalClient;

beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  client = new PortalClient(server);
  await client.register(freshMobile(), 'Secret123');
  const first17 = '33010219900101777';
  const auth = await client.call('POST', '/portal/self/center/personal/real/name/auth', {
    realName: '钱七',
    idCard: first17 + idCardCheckDigit(first17),
  });
  expect(auth.code).toBe(200);
});
afterAll(() => server.close());

describe('portal text the database cannot store', () => {
  it('is refused in any field with a clear message, and nothing is stored', async () => {
    const licence = await client.upload('licence.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const material = {
      enterpriseName: '杭州示例科技有限公司',
      creditCode: `91330100MA27XL0P2${creditCodeCheckChar('91330100MA27XL0P2')}`,
      legalPerson: '钱七',
      contactPhone: '0571-88886666',
      address: '浙江省杭州市西湖区文三路90号',
      businessLicense: licence.fileName as string,
    };
    const refused = { code: 500, msg: '内容含有无法保存的字符' };
    const submit = (body: Record<string, string>) => client.call('POST', '/portal/supply/chain/upload/auth/data', body);
    expect(await submit({ ...material, address: '文三路\u000090号' })).toEqual(refused);
    expect(await submit({ ...material, enterpriseName: '杭州\ud800科技有限公司' })).toEqual(refused);
    expect((await client.call('GET', '/portal/supply/chain/auth/data')).data).toBeNull();
    expect((await submit(material)).code).toBe(200);
  });

  it('is refused in a route parameter or a query string before anything is looked up by it', async () => {
    const refused = { code: 500, msg: '内容含有无法保存的字符' };
    expect(await client.call('GET', '/test/captcha/%00')).toEqual(refused);
    expect(await client.call('GET', '/common/file/link?fileName=/profile/upload/%00.pdf')).toEqual(refused);
    expect((await client.call('GET', '/test/captcha/unknown')).code).toBe(404);
  });
});
