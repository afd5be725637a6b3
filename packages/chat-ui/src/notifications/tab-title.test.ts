// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepUnreadInTitle, titleWithUnread } from './tab-title';

describe('the unread count in the tab title', () => {
  afterEach(() => {
    document.title = '';
  });

  it('puts the count in front of the title, caps it at 99+, and takes it away at zero', () => {
    expect(titleWithUnread('我的消息 - 链联', 3)).toBe('(3) 我的消息 - 链联');
    expect(titleWithUnread('(3) 我的消息 - 链联', 120)).toBe('(99+) 我的消息 - 链联');
    expect(titleWithUnread('(99+) 我的消息 - 链联', 0)).toBe('我的消息 - 链联');
  });

  it('keeps the count in front when the host changes the title, and leaves the host’s title when stopped', async () => {
    document.title = 'Messages';
    const title = keepUnreadInTitle(document);
    title.update(2);
    expect(document.title).toBe('(2) Messages');
    document.title = 'Orders';
    // The observer runs after the change, as the page's own code moves on.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('(2) Orders');
    title.update(0);
    expect(document.title).toBe('Orders');
    title.update(5);
    title.stop();
    expect(document.title).toBe('Orders');
  });
});
