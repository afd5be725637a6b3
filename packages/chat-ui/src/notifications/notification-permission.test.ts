// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { askNotificationPermissionOnFirstUse } from './notification-permission';

/** A browser's Notification whose user has not decided yet; counts the times it is asked. */
function undecidedNotification() {
  const asked: number[] = [];
  const Undecided = {
    permission: 'default' as NotificationPermission,
    requestPermission() {
      asked.push(Date.now());
      return Promise.resolve('granted' as NotificationPermission);
    },
  };
  return { asked, Notification: Undecided as unknown as typeof Notification };
}

function button(className: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.className = className;
  element.append(document.createElement('span'));
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('asking for desktop notifications', () => {
  it('asks once, when the user first starts a call from a call button', () => {
    const browser = undecidedNotification();
    const stop = askNotificationPermissionOnFirstUse(document.body, browser.Notification);
    button('lc-icon-button').click();
    expect(browser.asked).toHaveLength(0);
    const call = button('lc-icon-button lc-call-start lc-call-start--header');
    call.querySelector('span')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    call.click();
    expect(browser.asked).toHaveLength(1);
    stop();
  });

  it('asks when the user answers a call or sends a message', () => {
    for (const className of ['lc-call-button lc-call-button--accept', 'lc-composer__send']) {
      const browser = undecidedNotification();
      const stop = askNotificationPermissionOnFirstUse(document.body, browser.Notification);
      button(className).click();
      expect(browser.asked, className).toHaveLength(1);
      stop();
    }
  });

  it('never asks a user who has decided, nor after it stopped waiting', () => {
    const decided = undecidedNotification();
    (decided.Notification as unknown as { permission: NotificationPermission }).permission = 'denied';
    askNotificationPermissionOnFirstUse(document.body, decided.Notification);
    button('lc-call-start').click();
    expect(decided.asked).toHaveLength(0);

    const undecided = undecidedNotification();
    askNotificationPermissionOnFirstUse(document.body, undecided.Notification)();
    button('lc-composer__send').click();
    expect(undecided.asked).toHaveLength(0);
  });
});
