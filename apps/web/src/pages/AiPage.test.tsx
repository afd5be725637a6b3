// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { linkTheReferences, startFakeModel } from '../../../server/src/portal/ai/test-model';
import { renderAs } from '../test/manage-page';
import { type PortalClient, withPortalServer } from '../test/portal-server';
import { AiPage } from './AiPage';

const model = await startFakeModel();
const portal = withPortalServer({
  ai: { baseUrl: model.url, apiKey: null, model: 'test-model', responseTimeoutMs: 5_000, idleTimeoutMs: 5_000 },
});
afterAll(() => model.close());

/** Answers that take a server round trip and a stream, on a busy machine. */
const SLOW = { timeout: 10_000 };

async function renderAi(who: PortalClient) {
  await renderAs(
    portal,
    who,
    <Routes>
      <Route path="/ai" element={<AiPage />} />
      <Route path="/supplyDetail" element={<p>能力详情页</p>} />
    </Routes>,
    { route: '/ai' },
  );
  return (await screen.findByRole('textbox', { name: '输入问题' }, SLOW)) as HTMLTextAreaElement;
}

function ask(box: HTMLTextAreaElement, question: string) {
  fireEvent.change(box, { target: { value: question } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

const answers = () => screen.getAllByRole('article', { name: 'AI助手的回答' });

describe('AI助手', () => {
  it('streams the answer to a question sent with Enter, with links to the portal items it was given', async () => {
    model.script = linkTheReferences;
    const lina = await portal.login('lina');
    const box = await renderAi(lina);
    ask(box, '有没有做五轴CNC加工的企业？');

    expect(await screen.findByText('平台上找到这些相关条目：', {}, SLOW)).toBeTruthy();
    const references = await screen.findByRole('region', { name: '相关条目' }, SLOW);
    const link = within(references).getByRole('link', { name: '五轴CNC精密加工' });
    expect(link.getAttribute('href')).toMatch(/^\/supplyDetail\?id=\d+$/);
    // The answer's own markdown links to the same item.
    await waitFor(() => {
      const inAnswer = within(answers()[0] as HTMLElement).getAllByRole('link', { name: '五轴CNC精密加工' });
      expect(inAnswer).toHaveLength(2);
    }, SLOW);
    expect(box.value).toBe('');
    const sent = portal.calls.find((call) => call.path === '/portal/ai/chat');
    expect(sent?.body).toEqual({ prompt: '有没有做五轴CNC加工的企业？' });
    expect(sent?.authorization).toBe(`Bearer ${lina.token}`);
    // The new conversation is listed, under its question.
    const list = screen.getByRole('navigation', { name: '对话列表' });
    expect(await within(list).findByRole('button', { name: '有没有做五轴CNC加工的企业？' }, SLOW)).toBeTruthy();

    fireEvent.click(link);
    expect(await screen.findByText('能力详情页')).toBeTruthy();
  });

  it('makes a new line with Shift+Enter instead of sending', async () => {
    const box = await renderAi(await portal.login('lina'));
    fireEvent.change(box, { target: { value: '第一行' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(portal.calls.some((call) => call.path === '/portal/ai/chat')).toBe(false);
    expect(screen.getByRole('button', { name: /发\s*送/ })).toBeTruthy();
  });

  it('stops an answer, keeps what came, and answers again on retry', async () => {
    model.script = () => ({ pieces: ['供应链', '金融是'], delayMs: 20, hang: true });
    const box = await renderAi(await portal.login('zhangwei'));
    ask(box, '什么是供应链金融');
    expect(await screen.findByText('供应链金融是', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /停止生成/ }));
    expect(await screen.findByText('已停止生成', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('供应链金融是')).toBeTruthy();

    model.script = () => ({ pieces: ['以真实交易', '为基础的融资。'], delayMs: 20 });
    fireEvent.click(screen.getByRole('button', { name: /重新回答/ }));
    expect(await screen.findByText('以真实交易为基础的融资。', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('供应链金融是')).toBeNull();
    expect(screen.queryByText('已停止生成')).toBeNull();
    expect(answers()).toHaveLength(1);
  });

  it('renders markdown without running raw HTML or unsafe links', async () => {
    model.script = () => ({
      pieces: [
        '**要点**\n\n<img src=x onerror="alert(1)">',
        '\n\n[坏链接](javascript:alert(1)) 和 [好链接](https://example.com)',
      ],
    });
    const box = await renderAi(await portal.login('zhangwei'));
    ask(box, '格式测试');
    const answer = await screen.findByRole('article', { name: 'AI助手的回答' }, SLOW);
    await waitFor(() => expect(within(answer).getByText('好链接')).toBeTruthy(), SLOW);
    expect(within(answer).getByText('要点').tagName).toBe('STRONG');
    expect(answer.querySelector('img')).toBeNull();
    expect(within(answer).getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(within(answer).getByText('坏链接').closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    const good = within(answer).getByRole('link', { name: '好链接' });
    expect(good.getAttribute('target')).toBe('_blank');
    expect(good.getAttribute('rel')).toContain('noopener');
  });

  it('opens an earlier conversation from the list and deletes it', async () => {
    model.script = () => ({ pieces: ['仓储回答'] });
    const lina = await portal.login('lina');
    const box = await renderAi(lina);
    ask(box, '仓储怎么选');
    expect(await screen.findByText('仓储回答', {}, SLOW)).toBeTruthy();

    const list = screen.getByRole('navigation', { name: '对话列表' });
    fireEvent.click(within(list).getByRole('button', { name: /新对话/ }));
    expect(await screen.findByText('你好，我是链联AI助手')).toBeTruthy();
    fireEvent.click(await within(list).findByRole('button', { name: '仓储怎么选' }, SLOW));
    expect(await screen.findByText('仓储回答', {}, SLOW)).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: '删除对话：仓储怎么选' }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText('对话已删除', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(within(list).queryByRole('button', { name: '仓储怎么选' })).toBeNull(), SLOW);
    await waitFor(() => expect(screen.queryByText('仓储回答')).toBeNull(), SLOW);
    const left = await lina.call<Array<{ title: string }>>('GET', '/portal/ai/conversations');
    expect(left.data?.map((c) => c.title)).not.toContain('仓储怎么选');
  });

  it('offers the beta to a person without it', async () => {
    await renderAs(portal, await portal.login('wangfang'), <AiPage />);
    expect(await screen.findByText('AI助手仅对内测用户开放', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: /申请内测/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '输入问题' })).toBeNull();
  });
});
