import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { axeViolations } from './axe';
import { launchChromium } from './browser';
import { openMessageCentre, startPortal } from './portal-harness';

/**
 * Group administration in the chat kit, in Chromium against the built app and a real server
 * (spec portal.md §2 "Group screens", §4, §6, §8; chat.md §2, §4, §6): 张伟 (desktop) owns a
 * Public group that asks permission, with 王芳; 李娜 (phone) applies from the contacts tab, the
 * banner tells 张伟, he agrees in the drawer and she chats. He mutes her and both her tabs (phone
 * and desktop) show the muted composer until he cancels it; he @-mentions 李娜 with the picker and
 * her list shows [有人@我]; he transfers the group to her, she handles a request on her phone and
 * dismisses the group, and he sees the dismissed notice. Screenshots at 1440×900 and 390×844 land
 * in E2E_SCREENSHOTS (a temporary folder by default) for a person to look at.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-groups');
const GROUP_ID = 'qc-groups';
const GROUP_NAME = '华南供应商群';
const CONVERSATION = `GROUP${GROUP_ID}`;

let server: LiaisonServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const bots: Chat[] = [];
let zhangID = '';
let wangID = '';
let liID = '';
let zhang: Page;
let li: Page;
/** 李娜 at her desk as well: a second tab of hers, on a desktop screen. */
let liDesk: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  const people = await server.db.query<{ login_name: string; user_id: string }>(
    "SELECT login_name, user_id FROM portal_accounts WHERE login_name IN ('zhangwei', 'wangfang', 'lina')",
  );
  const idOf = (name: string) => people.find((p) => p.login_name === name)?.user_id ?? '';
  [zhangID, wangID, liID] = [idOf('zhangwei'), idOf('wangfang'), idOf('lina')];
  // 张伟's group, made from his own SDK session (as another tab of his would): Public, asking permission.
  const owner = await connect(server, zhangID);
  bots.push(owner);
  await owner.createGroup({
    type: 'Public',
    name: GROUP_NAME,
    groupID: GROUP_ID,
    joinOption: 'NeedPermission',
    notification: '请各位供应商及时更新报价。',
    memberList: [{ userID: wangID }],
  });
  [zhang, li, liDesk] = await Promise.all([
    messageCentreAs('zhangwei'),
    messageCentreAs('lina', { phone: true }),
    messageCentreAs('lina'),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await Promise.all(bots.map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
});

async function messageCentreAs(account: string, options: { phone?: boolean } = {}): Promise<Page> {
  const { context, page } = await openMessageCentre(server, browser, account, { ...options, viewport: DESKTOP });
  contexts.push(context);
  return page;
}

const row = (page: Page, conversationID: string) => page.locator(`[data-conversation-id="${conversationID}"]`);
const messages = (page: Page) => page.getByRole('region', { name: '消息列表' });
const editor = (page: Page) => page.getByRole('textbox', { name: '消息输入框' });
const bubbleRow = (page: Page, text: string) => messages(page).locator('.lc-row').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.lc-toast__text', { hasText: text });
const panel = (page: Page) => page.getByRole('dialog', { name: '群设置', exact: true });
const tab = (page: Page, name: string) => panel(page).getByRole('tab', { name, exact: true });
const mutedText = (page: Page) => page.locator('.lc-muted-composer');

/** A screenshot once the toasts of earlier steps have gone (they last 5 s), so nothing is covered. */
async function shoot(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.lc-toast').count(), { timeout: 10_000 }).toBe(0);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** A tap on phones, a click on desktop. */
async function press(page: Page, target: Locator): Promise<void> {
  if (page.viewportSize()?.width === PHONE.width) await target.tap();
  else await target.click();
}

async function openChat(page: Page, conversationID = CONVERSATION, options: { topics?: boolean } = {}): Promise<void> {
  await press(page, row(page, conversationID));
  // A community with topics opens on its topics, not on messages.
  await (options.topics ? page.getByRole('list', { name: '话题' }) : messages(page)).waitFor();
}

async function backToList(page: Page): Promise<void> {
  await press(page, page.locator('.lc-chat__header').getByRole('button', { name: '返回' }));
  await page.getByRole('list', { name: '会话列表' }).waitFor();
}

async function openPanel(page: Page): Promise<Locator> {
  await press(page, page.getByRole('button', { name: '群设置', exact: true }));
  await panel(page).waitFor();
  return panel(page);
}

async function closePanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await panel(page).waitFor({ state: 'detached' });
}

async function send(page: Page, text: string): Promise<void> {
  await press(page, editor(page));
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await bubbleRow(page, text).waitFor();
}

async function expectAxeClean(page: Page, selector: string): Promise<void> {
  expect((await axeViolations(page, selector)).join('\n')).toBe('');
}

describe('a Public group that asks permission', () => {
  it('is listed under its name and opens with the ‘created’ tip', async () => {
    await row(zhang, CONVERSATION).filter({ hasText: GROUP_NAME }).waitFor();
    await openChat(zhang);
    await messages(zhang).getByText('张伟 创建了群聊').waitFor();
  });

  it('李娜 applies from the contacts tab; the owner’s banner counts it; he agrees in the drawer and she chats', async () => {
    await press(li, li.getByRole('tab', { name: /^通讯录/ }));
    const search = li.getByRole('searchbox', { name: '搜索用户和群组' });
    await search.fill(GROUP_ID);
    await search.press('Enter');
    await press(li, li.getByRole('button', { name: new RegExp(GROUP_NAME) }));
    await li.getByLabel('验证信息').fill('宁波海通，想加入报价群');
    await press(li, li.getByRole('button', { name: '发送加群申请' }));
    await toast(li, '等待管理员同意').waitFor();
    // The card fills the phone's screen: back to the lists, then to the messages tab.
    await press(li, li.getByRole('article').getByRole('button', { name: '返回' }));

    const banner = zhang.locator('.lc-join-banner');
    await banner.getByText('1 条入群申请待处理').waitFor();
    await shoot(zhang, 'join-banner-desktop');
    await banner.getByRole('button', { name: '去处理' }).click();
    const drawer = zhang.getByRole('dialog', { name: '入群申请' });
    await drawer.getByText('验证信息：宁波海通，想加入报价群').waitFor();
    await expectAxeClean(zhang, '.lc-join-drawer');
    await shoot(zhang, 'join-drawer-desktop');
    await drawer.getByRole('button', { name: '同意 李娜 入群' }).click();
    // The drawer closes with its last request; the banner goes.
    await drawer.waitFor({ state: 'detached' });
    await banner.waitFor({ state: 'detached' });

    await press(li, li.getByRole('tab', { name: /^消息/ }));
    await row(li, CONVERSATION).filter({ hasText: GROUP_NAME }).waitFor();
    await openChat(li);
    // The join toast goes by itself before the screenshots of her screen.
    await toast(li, '等待管理员同意').waitFor({ state: 'detached' });
    await send(li, '大家好，我是宁波海通的李娜');
    await bubbleRow(zhang, '大家好，我是宁波海通的李娜').waitFor();
  });

  it('shows the owner every tab of the group panel, keyboard-operable and axe clean', async () => {
    const settings = await openPanel(zhang);
    const tabs = settings.getByRole('tablist', { name: '群设置栏目' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['群资料', '群成员', '成员资料', '群公告', '群管理']);
    await settings
      .getByRole('button', { name: /^查看 / })
      .first()
      .waitFor();
    await expectAxeClean(zhang, '.lc-group-panel');
    await shoot(zhang, 'panel-main-desktop');
    // Arrow keys walk the tabs.
    await tab(zhang, '群资料').focus();
    await zhang.keyboard.press('ArrowRight');
    expect(await tab(zhang, '群成员').getAttribute('aria-selected')).toBe('true');
    await settings.getByRole('button', { name: /李娜/ }).waitFor();
    await expectAxeClean(zhang, '.lc-group-panel');
    await shoot(zhang, 'panel-member-desktop');
    await settings.getByRole('button', { name: /李娜/ }).click();
    await settings.getByRole('button', { name: '禁言', exact: true }).waitFor();
    await expectAxeClean(zhang, '.lc-group-panel');
    await shoot(zhang, 'panel-profile-desktop');
    await tab(zhang, '群公告').click();
    await settings.getByText('请各位供应商及时更新报价。').waitFor();
    await expectAxeClean(zhang, '.lc-group-panel');
    await shoot(zhang, 'panel-notification-desktop');
    await tab(zhang, '群管理').click();
    await settings.getByRole('switch', { name: '全员禁言' }).waitFor();
    await expectAxeClean(zhang, '.lc-group-panel');
    await shoot(zhang, 'panel-admin-desktop');
    await closePanel(zhang);
  });

  it('mutes 李娜: the mute text replaces her editor and send button on both her tabs until he cancels it', async () => {
    await openChat(liDesk);
    await editor(liDesk).waitFor();
    const settings = await openPanel(zhang);
    await tab(zhang, '群成员').click();
    await settings.getByRole('button', { name: /李娜/ }).click();
    await settings.getByRole('button', { name: '禁言', exact: true }).waitFor();
    // A member's profile names no internal user ID.
    expect(await settings.textContent()).not.toContain(liID);
    await settings.getByRole('button', { name: '禁言', exact: true }).click();
    const picker = zhang.getByRole('dialog', { name: '禁言 李娜' });
    await picker.getByRole('radio', { name: '1 小时' }).check();
    await expectAxeClean(zhang, '.lc-conv-dialog');
    await shoot(zhang, 'mute-picker-desktop');
    await picker.getByRole('button', { name: '禁言', exact: true }).click();
    await toast(zhang, '禁言设置成功').waitFor();
    await settings.getByRole('button', { name: '取消禁言' }).waitFor();
    for (const page of [li, liDesk]) {
      await mutedText(page).getByText('您已被管理员禁言').waitFor();
      expect(await editor(page).count()).toBe(0);
      expect(await page.getByRole('button', { name: '发送', exact: true }).count()).toBe(0);
    }
    await shoot(li, 'muted-composer-phone');
    await shoot(liDesk, 'muted-composer-desktop');

    // Cancelled from the management tab's list of muted members: her editor comes back by itself.
    await tab(zhang, '群管理').click();
    const mutedList = settings.getByRole('region', { name: '禁言成员' });
    await mutedList.getByRole('listitem').filter({ hasText: '李娜' }).getByRole('button', { name: '取消禁言' }).click();
    await toast(zhang, '已取消禁言').waitFor();
    await editor(li).waitFor();
    await editor(liDesk).waitFor();
    expect(await mutedText(li).count()).toBe(0);
    await closePanel(zhang);
    // Her desktop tab moves to another chat: an open conversation is read as messages come.
    await row(liDesk, `C2C${zhangID}`).click();
  });

  it('@-mentions 李娜 with the picker; her list shows [有人@我] until she reads it', async () => {
    await backToList(li);
    await press(zhang, editor(zhang));
    await zhang.keyboard.type('请 @');
    const picker = zhang.getByRole('listbox', { name: '选择要提醒的人' });
    await picker.waitFor();
    expect(await picker.getByRole('option').first().textContent()).toContain('所有人');
    await expectAxeClean(zhang, '.lc-composer');
    await shoot(zhang, 'mention-picker-desktop');
    await zhang.keyboard.type('李');
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    await zhang.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await zhang.keyboard.type('确认一下交期');
    await zhang.keyboard.press('Enter');
    await bubbleRow(zhang, '@李娜 确认一下交期').waitFor();

    const mine = row(li, CONVERSATION);
    await mine.getByText('[有人@我]').waitFor();
    await shoot(li, 'mention-label-phone');
    await openChat(li);
    await bubbleRow(li, '@李娜 确认一下交期').waitFor();
    // The message that mentions her stands out in the list, on her phone and on her desktop.
    await openChat(liDesk);
    for (const page of [li, liDesk]) {
      const mention = bubbleRow(page, '@李娜 确认一下交期');
      await mention.locator('.lc-msg__mention').getByText('@我', { exact: true }).waitFor();
      const tint = await mention.locator('.lc-bubble').evaluate((bubble) => getComputedStyle(bubble).backgroundColor);
      // Not the white of someone else's plain message.
      expect(tint).not.toBe('rgb(255, 255, 255)');
    }
    await shoot(li, 'mention-highlight-phone');
    await shoot(liDesk, 'mention-highlight-desktop');
    await row(liDesk, `C2C${zhangID}`).click();
    // A member's picker has no 'everyone'.
    await press(li, editor(li));
    await li.keyboard.type('@');
    const hers = li.getByRole('listbox', { name: '选择要提醒的人' });
    await hers.waitFor();
    expect(await hers.getByRole('option').allTextContents()).not.toContain('所有人');
    await shoot(li, 'mention-picker-phone');
    await li.keyboard.press('Escape');
    await hers.waitFor({ state: 'detached' });
    await li.keyboard.press('Backspace');
    await backToList(li);
    await expect.poll(() => mine.textContent()).not.toContain('[有人@我]');
  });

  it('transfers the group to 李娜; on her phone she sees every tab, handles a request and dismisses it', async () => {
    const settings = await openPanel(zhang);
    await settings.getByRole('button', { name: '转让群主' }).click();
    const chooser = zhang.getByRole('dialog', { name: '选择新群主' });
    await chooser.getByRole('radio', { name: /李娜/ }).check();
    await chooser.getByRole('button', { name: '确定' }).click();
    await zhang.getByRole('dialog', { name: '转让群主' }).getByRole('button', { name: '确定' }).click();
    await toast(zhang, '李娜 已成为群主').waitFor();
    await settings.getByRole('button', { name: '退出群聊' }).waitFor();
    await closePanel(zhang);

    // A new applicant: the new owner's banner on her phone.
    const applicant = await connect(server, 'qc_applicant');
    bots.push(applicant);
    await applicant.updateMyProfile({ nick: '赵强' });
    await applicant.joinGroup({ groupID: GROUP_ID, applyMessage: '东莞模具厂' });
    await openChat(li);
    await bubbleRow(li, '确认一下交期').waitFor();
    const banner = li.locator('.lc-join-banner');
    await banner.getByText('1 条入群申请待处理').waitFor();
    await shoot(li, 'join-banner-phone');
    await press(li, banner.getByRole('button', { name: '去处理' }));
    const drawer = li.getByRole('dialog', { name: '入群申请' });
    await drawer.getByText('验证信息：东莞模具厂').waitFor();
    await expectAxeClean(li, '.lc-join-drawer');
    await shoot(li, 'join-drawer-phone');
    await press(li, drawer.getByRole('button', { name: '拒绝 赵强' }));
    await drawer.waitFor({ state: 'detached' });

    const settingsOnPhone = await openPanel(li);
    for (const [name, file] of [
      ['群资料', 'panel-main-phone'],
      ['群成员', 'panel-member-phone'],
      ['成员资料', 'panel-profile-phone'],
      ['群公告', 'panel-notification-phone'],
      ['群管理', 'panel-admin-phone'],
    ] as const) {
      await press(li, tab(li, name));
      if (name === '群成员') await settingsOnPhone.getByRole('button', { name: /张伟/ }).waitFor();
      if (name === '成员资料') {
        await press(li, tab(li, '群成员'));
        await press(li, settingsOnPhone.getByRole('button', { name: /张伟/ }));
        await settingsOnPhone.getByRole('button', { name: '禁言', exact: true }).waitFor();
        // A member's profile names no internal user ID.
        expect(await settingsOnPhone.textContent()).not.toContain(zhangID);
      }
      if (name === '群管理') await settingsOnPhone.getByRole('switch', { name: '全员禁言' }).waitFor();
      await expectAxeClean(li, '.lc-group-panel');
      await shoot(li, file);
    }
    await press(li, tab(li, '群资料'));
    await press(li, settingsOnPhone.getByRole('button', { name: '解散群聊' }));
    await press(li, li.getByRole('dialog', { name: '解散群聊' }).getByRole('button', { name: '确定' }));
    await toast(li, '解散群组成功').waitFor();
    await panel(li).waitFor({ state: 'detached' });

    await zhang.locator('.lc-chat__left').getByText('该群聊已被解散').waitFor();
    await li.locator('.lc-chat__left').getByText('该群聊已被解散').waitFor();
    expect(await editor(zhang).count()).toBe(0);
    await shoot(zhang, 'dismissed-desktop');
  });
});

describe('a community whose messages go to its topics', () => {
  const COMMUNITY_NAME = '华南供应商社群';
  let communityID = '';
  const topicRow = (page: Page, name: string) =>
    page.getByRole('list', { name: '话题' }).getByRole('button', { name: new RegExp(name) });

  it('张伟 creates a topic in the kit; 李娜 sees it come on her phone, picks it and talks there with him', async () => {
    // Each step from where the group story left the phone: back on the conversation list.
    const back = li.locator('.lc-chat__header').getByRole('button', { name: '返回' });
    if (await back.count()) await backToList(li);
    const owner = await connect(server, zhangID);
    bots.push(owner);
    const { data } = await owner.createGroup({
      type: 'Community',
      name: COMMUNITY_NAME,
      isSupportTopic: true,
      memberList: [{ userID: liID }],
    });
    communityID = data.group.groupID;
    await owner.createTopicInCommunity({ groupID: communityID, topicName: '报价' });

    await openChat(zhang, `GROUP${communityID}`, { topics: true });
    // The community itself takes no messages: no editor until a topic is open.
    await zhang.getByText('选择一个话题开始聊天').waitFor();
    expect(await editor(zhang).count()).toBe(0);
    await zhang.getByRole('button', { name: '新建话题' }).click();
    const dialog = zhang.getByRole('dialog', { name: '新建话题' });
    await dialog.getByLabel('话题名称').fill('交期');
    await dialog.getByRole('button', { name: '创建' }).click();
    await toast(zhang, '话题已创建').waitFor();
    await zhang.getByRole('heading', { name: '# 交期' }).waitFor();

    await openChat(li, `GROUP${communityID}`, { topics: true });
    await press(li, topicRow(li, '交期'));
    await li.getByRole('heading', { name: '# 交期' }).waitFor();
    await send(li, '交期我这边确认一下');
    await bubbleRow(zhang, '交期我这边确认一下').waitFor();
    await expectAxeClean(zhang, '.lc-community');
    await shoot(zhang, 'topics-desktop');
    await shoot(li, 'topic-chat-phone');
  });

  it('a message in another topic shows as unread on 李娜’s topics and her community row; reading it clears both', async () => {
    await press(li, li.locator('.lc-chat__header').getByRole('button', { name: '返回' }));
    await topicRow(li, '报价').waitFor();
    // By keyboard: from the open topic up to the other, and Enter.
    await topicRow(zhang, '交期').focus();
    await zhang.keyboard.press('ArrowUp');
    await zhang.keyboard.press('Enter');
    await zhang.getByRole('heading', { name: '# 报价' }).waitFor();
    await send(zhang, '本周报价请在周五前更新');
    const quotes = topicRow(li, '报价');
    await quotes.getByText('1 条未读消息').waitFor();
    expect(await quotes.textContent()).toContain('本周报价请在周五前更新');
    await expectAxeClean(li, '.lc-topics');
    await shoot(li, 'topics-phone');
    await press(li, li.locator('.lc-topics__header').getByRole('button', { name: '返回' }));
    const community = row(li, `GROUP${communityID}`);
    await community.getByText('1 条未读消息').waitFor();
    expect(await community.textContent()).toContain('#报价');
    await shoot(li, 'community-row-phone');

    await openChat(li, `GROUP${communityID}`, { topics: true });
    await press(li, quotes);
    await bubbleRow(li, '本周报价请在周五前更新').waitFor();
    await press(li, li.locator('.lc-chat__header').getByRole('button', { name: '返回' }));
    await expect.poll(() => quotes.textContent()).not.toContain('未读');
    await press(li, li.locator('.lc-topics__header').getByRole('button', { name: '返回' }));
    await expect.poll(() => community.textContent()).not.toContain('未读');
  });
});
