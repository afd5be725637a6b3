// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import type { ArticleSummary, Cluster, ExpertDetail } from '@liaison/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../api/page';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { ADMIN_ONLY_TEXT } from '../common/access';
import { PlatformContentPage } from './PlatformContentPage';

const portal = withPortalServer();
const WAIT = { timeout: 5000 };

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <PlatformContentPage />);
}

/** The list item (a card on a narrow screen, else a table row) holding `text`. */
async function rowOf(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, WAIT);
  const row = cell.closest<HTMLElement>('.ant-list-item, tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

/** Pastes HTML into the rich-text editor, as a reader pasting from a document does. */
function pasteHtml(editor: HTMLElement, html: string) {
  const text = html.replace(/<[^>]+>/g, '');
  fireEvent.paste(editor, {
    clipboardData: {
      types: ['text/html', 'text/plain'],
      getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? text : ''),
    },
  });
}

describe('the platform content page', () => {
  it('publishes news that the public news list then shows', async () => {
    await renderPage(await portal.login('admin'));
    fireEvent.click(await screen.findByRole('button', { name: /新增资讯/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '平台上线集群对接专区' } });
    fireEvent.change(within(dialog).getByLabelText('来源'), { target: { value: '平台资讯' } });
    pasteHtml(within(dialog).getByRole('textbox', { name: '正文内容' }), '<p>首批五个产业集群入驻。</p>');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));

    const card = await rowOf('平台上线集群对接专区');
    const view = within(card).getByRole('link', { name: '查看资讯「平台上线集群对接专区」' });
    expect(view.getAttribute('href')).toMatch(/^\/news-detail\?id=\d+$/);
    const created = portal.calls.find((c) => c.method === 'POST' && c.path === '/portal/admin/article');
    expect(created?.body).toMatchObject({ kind: 'news', title: '平台上线集群对接专区', source: '平台资讯' });
    const news = await portal.client().call<Page<ArticleSummary>>('GET', '/portal/article/list?kind=news');
    expect(news.data?.rows[0]).toMatchObject({ title: '平台上线集群对接专区', source: '平台资讯' });
  });

  it('says an over-long title is too long and sends nothing', async () => {
    await renderPage(await portal.login('admin'));
    fireEvent.click(await screen.findByRole('button', { name: /新增资讯/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '长'.repeat(61) } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText('标题不能超过60个字符')).toBeTruthy();
    expect(portal.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("edits an expert's title, which the public detail then shows", async () => {
    await renderPage(await portal.login('admin'));
    fireEvent.click(await screen.findByRole('tab', { name: '专家' }));
    const row = await rowOf('王建国');
    fireEvent.click(within(row).getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect((within(dialog).getByLabelText('专家姓名') as HTMLInputElement).value).toBe('王建国');
    fireEvent.change(within(dialog).getByLabelText('职称'), { target: { value: '首席科学家' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));

    await waitFor(() => expect(within(row).queryByText(/首席科学家/)).toBeTruthy(), WAIT);
    const saved = portal.calls.find((c) => c.method === 'PUT' && c.path.startsWith('/portal/admin/expert/'));
    const id = saved?.path.split('/').pop() ?? '';
    const detail = await portal.client().call<ExpertDetail>('GET', `/portal/expert/${id}`);
    expect(detail.data).toMatchObject({ name: '王建国', title: '首席科学家' });
  });

  it('deletes a cluster after the admin confirms, and the public list drops it', async () => {
    await renderPage(await portal.login('admin'));
    fireEvent.click(await screen.findByRole('tab', { name: '产业集群' }));
    const row = await rowOf('杭州数字经济服务集群');
    fireEvent.click(within(row).getByRole('button', { name: /删\s?除/ }));
    const question = await screen.findByText('删除集群「杭州数字经济服务集群」？');
    const popover = question.closest('.ant-popover');
    if (!(popover instanceof HTMLElement)) throw new Error('no confirmation');
    fireEvent.click(within(popover).getByRole('button', { name: /删\s?除/ }));

    await waitFor(() => expect(screen.queryByText('杭州数字经济服务集群')).toBeNull(), WAIT);
    const clusters = await portal.client().call<Cluster[]>('GET', '/portal/cluster/list');
    expect(clusters.data?.map((c) => c.name)).not.toContain('杭州数字经济服务集群');
  });

  it('refuses a user who is not an admin', async () => {
    await renderPage(await portal.login('lina'));
    expect(screen.getByText(ADMIN_ONLY_TEXT)).toBeTruthy();
    expect(portal.calls).toEqual([]);
  });
});
