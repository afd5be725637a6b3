// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import type { IndustryChain } from '@liaison/protocol';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { ManageIndustryPage } from './ManageIndustryPage';

const portal = withPortalServer();
/** The machine may be busy: the server answers within seconds, not one. */
const SLOW = { timeout: 10_000 };

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <ManageIndustryPage />);
}

describe('industry chains', () => {
  it('draws each chain by stage with my segments marked, and joins a segment', async () => {
    const zhangwei = await portal.login('zhangwei');
    await renderPage(zhangwei);
    expect(await screen.findByText('新能源汽车', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('高端装备制造')).toBeTruthy();
    expect(screen.getAllByText('上游')).toHaveLength(3);
    expect(screen.getByLabelText('退出电机')).toBeTruthy();
    expect(screen.getByText('已加入 3 个环节。', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByLabelText('加入电控'));
    expect(await screen.findByText('已加入“电控”', {}, SLOW)).toBeTruthy();
    // By label: role queries over the three chains are slow enough to time out on a busy machine.
    expect(await screen.findByLabelText('退出电控', {}, SLOW)).toBeTruthy();
    const chains = await zhangwei.call<IndustryChain[]>('GET', '/portal/supply/chain/industry/chains');
    const segment = chains.data?.flatMap((chain) => chain.segments).find((s) => s.name === '电控');
    expect(segment).toMatchObject({ joined: true, memberCount: 1 });
  });

  it('lists the enterprises of a segment', async () => {
    await renderPage(await portal.login('lina'));
    const [members] = await screen.findAllByRole('button', { name: /1 家企业/ }, SLOW);
    fireEvent.click(members as HTMLElement);
    expect(await screen.findByText(/环节的企业/, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(/有限公司$/, {}, SLOW)).toBeTruthy();
  });
});
