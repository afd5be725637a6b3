import type { PublicAbility } from '@liaison/protocol';
import { expect } from 'vitest';
import type { Page } from '../api/page';
import type { PortalServer } from './portal-server';

let serial = 0;

/** A name no other test in this server uses. */
export const unique = (what: string) => `${what}${process.pid}x${++serial}`;

/**
 * Abilities 李娜's enterprise publishes through the API, named `${prefix}1`, `${prefix}2`… (the
 * last one newest), with a rich description; answers their ids.
 */
export async function publishAbilities(portal: PortalServer, prefix: string, count = 1, categoryId = 4) {
  const lina = await portal.login('lina');
  const ids: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const answer = await lina.call<{ id: string }>('POST', '/portal/supply/chain/add/product', {
      productName: `${prefix}${n}`,
      categoryId,
      summary: `${prefix}的简介`,
      description: '<h2>服务内容</h2><p>宁波港出发，<strong>全程温控</strong>。</p><script>alert(1)</script>',
      status: 1,
    });
    expect(answer.code, answer.msg).toBe(200);
    ids.push(answer.data?.id ?? '');
  }
  return ids;
}

/** The capability library's answer for a filter, as a visitor gets it. */
export async function libraryPage(portal: PortalServer, body: object, pageNum = 1, pageSize = 12) {
  const answer = await portal
    .client()
    .call<Page<PublicAbility>>('POST', `/portal/product/list/query?pageNum=${pageNum}&pageSize=${pageSize}`, body);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as Page<PublicAbility>;
}
