import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { type FakeModel, linkTheReferences, startFakeModel } from '../../apps/server/src/portal/ai/test-model';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * The AI assistant in Chromium against the built app, a real server with the demo data, and a
 * local service speaking the OpenAI chat-completions streaming API. The steps build on each other.
 */
let server: LiaisonServer;
let browser: Browser;
let model: FakeModel;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  model = await startFakeModel();
  [server, browser] = await Promise.all([
    startPortal({
      portal: {
        testHooks: true,
        devOutboxEndpoint: true,
        ai: {
          baseUrl: model.url,
          apiKey: 'sk-e2e',
          model: 'e2e-model',
          responseTimeoutMs: 10_000,
          idleTimeoutMs: 10_000,
        },
      },
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.close();
  await model?.close();
});

async function openAi(viewport: { width: number; height: number }, phone = false): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
  await page.goto(`${server.url}/ai`);
  await questionBox(page).waitFor();
  return page;
}

const questionBox = (page: Page) => page.getByRole('textbox', { name: '输入问题' });
const lastAnswer = (page: Page) => page.getByRole('article', { name: 'AI助手的回答' }).last();

async function ask(page: Page, question: string): Promise<void> {
  await questionBox(page).click();
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
}

describe('AI assistant in the browser', () => {
  let page: Page;

  it('streams an answer in, with links to the portal items the server found', async () => {
    page = await openAi({ width: 1440, height: 900 });
    // Slow enough to watch: a piece every 150 ms.
    model.script = (request) => ({ ...linkTheReferences(request), delayMs: 150 });
    await ask(page, '有没有做五轴CNC加工的企业？');

    // While it streams: part of the answer is there and the stop button is offered.
    await lastAnswer(page).getByText('平台上找到').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /停止生成/ }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /发\s*送/ }).waitFor();
    const answer = lastAnswer(page);
    await answer.getByRole('link', { name: '五轴CNC精密加工' }).first().waitFor();
    await expect.poll(() => answer.getByRole('region', { name: '相关条目' }).isVisible()).toBe(true);
    expect(await answer.getByText('平台上找到这些相关条目：').isVisible()).toBe(true);
    // The question asked the model with the key, the model name and the portal items.
    const asked = model.requests.at(-1);
    expect(asked?.authorization).toBe('Bearer sk-e2e');
    expect(asked?.body.model).toBe('e2e-model');
    expect(asked?.body.messages[0]?.content).toContain('五轴CNC精密加工：/supplyDetail?id=');
    // The address names the new conversation, and the list shows it.
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    await page
      .getByRole('navigation', { name: '对话列表' })
      .getByRole('button', { name: '有没有做五轴CNC加工的企业？', exact: true })
      .waitFor();
  });

  it('stops an answer mid-way and answers again on retry', async () => {
    model.script = () => ({ pieces: ['正在比较', '三家仓储'], delayMs: 50, hang: true });
    await ask(page, '宁波有哪些仓储服务？');
    await lastAnswer(page).getByText('正在比较三家仓储').waitFor();
    await page.getByRole('button', { name: /停止生成/ }).click();
    await lastAnswer(page).getByText('已停止生成').waitFor();
    await expect.poll(() => model.openStreams).toBe(0);

    model.script = () => ({ pieces: ['推荐', '宁波海通供应链的', '保税仓储与分拨。'], delayMs: 50 });
    await lastAnswer(page)
      .getByRole('button', { name: /重新回答/ })
      .click();
    await lastAnswer(page).getByText('推荐宁波海通供应链的保税仓储与分拨。').waitFor();
    expect(await page.getByText('正在比较三家仓储').count()).toBe(0);
    // The conversation kept across a reload: the first answer and the retried one.
    await page.reload();
    await lastAnswer(page).getByText('推荐宁波海通供应链的保税仓储与分拨。').waitFor();
    expect(await page.getByRole('article', { name: 'AI助手的回答' }).count()).toBe(2);
  });

  it('opens the ability a reference links to', async () => {
    const firstAnswer = page.getByRole('article', { name: 'AI助手的回答' }).first();
    await firstAnswer.getByRole('region', { name: '相关条目' }).getByRole('link', { name: '五轴CNC精密加工' }).click();
    await page.waitForURL(/\/supplyDetail\?id=\d+$/);
  });

  it('fits a phone: the list in a drawer, no sideways scrolling', async () => {
    const phone = await openAi({ width: 390, height: 844 }, true);
    expect(await phone.getByRole('navigation', { name: '对话列表' }).isVisible()).toBe(false);
    await phone.getByRole('button', { name: '对话列表' }).click();
    const drawer = phone.getByRole('dialog').filter({ hasText: '对话列表' });
    await drawer.getByRole('button', { name: '有没有做五轴CNC加工的企业？', exact: true }).click();
    await lastAnswer(phone).getByText('推荐宁波海通供应链的保税仓储与分拨。').waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await questionBox(phone).isVisible()).toBe(true);
  });
});
