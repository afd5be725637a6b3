import type { Locator, Page } from 'playwright-core';

/**
 * Steps a person takes in the portal, shared by the specs that take them: the feedback toast
 * after a save, finding an ability in the capability library, asking its enterprise for a
 * cooperation, and the enterprise's inbox row for that request.
 */

/**
 * Waits for the success toast with `text`. If the request layer shows an error or warning
 * instead (a timeout, the server's refusal), fails at once with what the user read.
 */
export async function expectSuccessToast(page: Page, text: string): Promise<void> {
  const success = page.locator('.ant-message-notice-success').filter({ hasText: text });
  const failure = page.locator(
    '.ant-message-notice-error, .ant-message-notice-warning, .ant-notification-notice-error',
  );
  await success.or(failure).first().waitFor();
  if ((await success.count()) === 0) {
    throw new Error(`expected the toast '${text}', the page said '${await failure.first().innerText()}'`);
  }
}

/** From the capability library's search to the ability's detail page, as a visitor finds it. */
export async function openAbilityFromLibrary(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/supply?currentPage=1&activeKey=0`);
  const search = page.getByLabel('搜索能力', { exact: true });
  await search.fill(name);
  await search.press('Enter');
  await page.waitForURL(/keyword=/);
  await page
    .getByRole('list', { name: '能力列表' })
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) })
    .click();
  await page.waitForURL(/\/supplyDetail\?id=/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** 申请合作 on an ability's detail page: the form filled and sent, and the confirmation read. */
export async function requestCooperation(page: Page, request: { phone: string; message: string }): Promise<void> {
  await page.getByRole('button', { name: '申请合作' }).click();
  const dialog = page.getByRole('dialog', { name: '申请合作' });
  await dialog.getByLabel('联系电话').fill(request.phone);
  await dialog.getByLabel('合作需求').fill(request.message);
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expectSuccessToast(page, '申请已提交，请等待对方处理');
  await dialog.waitFor({ state: 'hidden' });
}

/** The row of a received cooperation request in the enterprise's inbox, found by its message. */
export async function receivedRequestRow(page: Page, message: string): Promise<Locator> {
  await page.getByRole('tab', { name: '收到的申请', selected: true }).waitFor();
  const row = page.getByRole('row').filter({ hasText: message });
  await row.waitFor();
  return row;
}
