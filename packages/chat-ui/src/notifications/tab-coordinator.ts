/** What one tab tells the others over the channel. */
interface TabNews {
  tabID: string;
  isAttended: boolean;
  /** A tab that just opened asks the others where they stand. */
  isHello?: boolean;
  isClosing?: boolean;
}

const CHANNEL = 'liaison-kit-tabs';
const LOCK = 'liaison-kit-notify';
const NOTIFIED_KEY = 'liaison-kit-notified';
/** Notified message keys remembered across tabs: enough for any burst, small enough for localStorage. */
const NOTIFIED_MEMORY = 200;

/**
 * The kit's tabs in one browser, so that a message notifies once, not once per tab: each tab tells
 * the others (BroadcastChannel) whether the user is looking at it, and a notification is claimed
 * under a Web Lock with a mark in localStorage, so exactly one tab wins it. Where a browser lacks
 * these, each tab decides alone (the notification's tag, the message ID, still folds repeats).
 */
export class TabCoordinator {
  private readonly tabID = Math.random().toString(36).slice(2);
  private readonly others = new Map<string, boolean>();
  private readonly channel: BroadcastChannel | null;
  private readonly handleChange = () => this.announce();
  private readonly handleClose = () => this.post({ tabID: this.tabID, isAttended: false, isClosing: true });

  constructor(private readonly win: Window) {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (this.channel) this.channel.onmessage = (event: MessageEvent<TabNews>) => this.hear(event.data);
    win.addEventListener('focus', this.handleChange);
    win.addEventListener('blur', this.handleChange);
    win.document.addEventListener('visibilitychange', this.handleChange);
    win.addEventListener('pagehide', this.handleClose);
    this.post({ tabID: this.tabID, isAttended: this.isAttended(), isHello: true });
  }

  /** The user is looking at this tab: it is visible and has the focus. */
  isAttended(): boolean {
    return this.win.document.visibilityState === 'visible' && this.win.document.hasFocus();
  }

  /** Whether the user is looking at any of the kit's tabs (this one included). */
  isAnyTabAttended(): boolean {
    return this.isAttended() || [...this.others.values()].some(Boolean);
  }

  /** Resolves true in exactly one tab for a key (e.g. a message ID): that tab shows the notification. */
  async claim(key: string): Promise<boolean> {
    const locks = this.win.navigator.locks;
    if (!locks) return true;
    return locks.request(LOCK, () => markOnce(this.win, key));
  }

  stop(): void {
    this.handleClose();
    this.channel?.close();
    this.win.removeEventListener('focus', this.handleChange);
    this.win.removeEventListener('blur', this.handleChange);
    this.win.document.removeEventListener('visibilitychange', this.handleChange);
    this.win.removeEventListener('pagehide', this.handleClose);
  }

  private announce(): void {
    this.post({ tabID: this.tabID, isAttended: this.isAttended() });
  }

  private hear(news: TabNews): void {
    if (news.tabID === this.tabID) return;
    if (news.isClosing) this.others.delete(news.tabID);
    else this.others.set(news.tabID, news.isAttended);
    if (news.isHello) this.announce();
  }

  private post(news: TabNews): void {
    this.channel?.postMessage(news);
  }
}

/** Marks `key` as notified in localStorage; false if a tab already did. Runs under the lock. */
function markOnce(win: Window, key: string): boolean {
  let storage: Storage;
  try {
    storage = win.localStorage;
  } catch {
    // Storage refused (privacy settings): the lock alone cannot tell a repeat; let this tab notify.
    return true;
  }
  const done = readList(storage.getItem(NOTIFIED_KEY));
  if (done.includes(key)) return false;
  try {
    storage.setItem(NOTIFIED_KEY, JSON.stringify([...done, key].slice(-NOTIFIED_MEMORY)));
  } catch {
    // Full storage: showing the notification matters more than remembering it.
  }
  return true;
}

function readList(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
