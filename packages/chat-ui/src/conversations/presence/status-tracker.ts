import { Limits } from '@liaison/protocol';
import { type ChatEvent, type ChatSDK, EVENT, TYPES, type UserStatus } from '@liaison/sdk';

/** Changes to what is watched are gathered this long, so a list scrolling by costs few requests. */
const FLUSH_DELAY_MS = 200;

type StatusChat = Pick<ChatSDK, 'on' | 'off' | 'getUserStatus' | 'subscribeUserStatus' | 'unsubscribeUserStatus'>;

/**
 * The online status of the users the kit shows (the C2C peers of the conversation rows in view):
 * each is watched while a row needs it; the tracker subscribes to them (at most
 * STATUS_SUBSCRIBE_MAX at once), follows USER_STATUS_UPDATED (which brings their current status
 * first, and again after a reconnect, when the SDK subscribes anew), and unsubscribes from those
 * no row needs any more.
 */
export class StatusTracker {
  private readonly statuses = new Map<string, UserStatus['statusType']>();
  private readonly watchers = new Map<string, number>();
  private readonly subscribed = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private isListening = false;
  private version = 0;

  private readonly handleUpdated = (event: ChatEvent<typeof EVENT.USER_STATUS_UPDATED>) => this.apply(event.data);
  /**
   * While my own connection is down, nobody's status is known: green dots would be stale. The SDK
   * subscribes again once connected, and USER_STATUS_UPDATED brings the fresh statuses.
   */
  private readonly handleNetState = (event: ChatEvent<typeof EVENT.NET_STATE_CHANGE>) => {
    if (event.data.state === TYPES.NET_STATE_CONNECTED || this.statuses.size === 0) return;
    this.statuses.clear();
    this.changed();
  };

  constructor(private readonly chat: StatusChat) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever any status does: for useSyncExternalStore. */
  getVersion = (): number => this.version;

  /** The last known status: TYPES.USER_STATUS_ONLINE (1), OFFLINE (2), UNLOGINED (3), or UNKNOWN (0). */
  statusOf(userID: string): UserStatus['statusType'] {
    return this.statuses.get(userID) ?? TYPES.USER_STATUS_UNKNOWN;
  }

  /** A row shows this user: keep their status current until `unwatch`. */
  watch(userID: string): void {
    this.watchers.set(userID, (this.watchers.get(userID) ?? 0) + 1);
    this.listen();
    this.scheduleFlush();
  }

  unwatch(userID: string): void {
    const count = (this.watchers.get(userID) ?? 0) - 1;
    if (count > 0) this.watchers.set(userID, count);
    else this.watchers.delete(userID);
    this.scheduleFlush();
  }

  private listen(): void {
    if (this.isListening) return;
    this.isListening = true;
    this.chat.on(EVENT.USER_STATUS_UPDATED, this.handleUpdated);
    this.chat.on(EVENT.NET_STATE_CHANGE, this.handleNetState);
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== null) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, FLUSH_DELAY_MS);
  }

  private async flush(): Promise<void> {
    const gone = [...this.subscribed].filter((userID) => !this.watchers.has(userID));
    const room = Limits.STATUS_SUBSCRIBE_MAX - (this.subscribed.size - gone.length);
    const fresh = [...this.watchers.keys()]
      .filter((userID) => !this.subscribed.has(userID))
      .slice(0, Math.max(0, room));
    for (const userID of gone) {
      this.subscribed.delete(userID);
      this.statuses.delete(userID);
    }
    for (const userID of fresh) this.subscribed.add(userID);
    if (gone.length > 0) await this.chat.unsubscribeUserStatus({ userIDList: gone }).catch(ignore);
    if (fresh.length > 0) {
      const isSubscribed = await this.chat.subscribeUserStatus({ userIDList: fresh }).then(
        () => true,
        () => false,
      );
      // Not subscribed: the next flush (a row coming into view) tries these again.
      if (!isSubscribed) for (const userID of fresh) this.subscribed.delete(userID);
    }
    if (this.watchers.size === 0 && this.subscribed.size === 0 && this.isListening) {
      this.isListening = false;
      this.chat.off(EVENT.USER_STATUS_UPDATED, this.handleUpdated);
      this.chat.off(EVENT.NET_STATE_CHANGE, this.handleNetState);
    }
  }

  private apply(list: readonly UserStatus[]): void {
    let changed = false;
    for (const { userID, statusType } of list) {
      if (!this.watchers.has(userID) || this.statuses.get(userID) === statusType) continue;
      this.statuses.set(userID, statusType);
      changed = true;
    }
    if (changed) this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

/**
 * Online dots are a passing hint: a status that cannot be had (offline, or the service refused)
 * leaves the dot as it was, and the next row in view asks again; a toast would be noise.
 */
function ignore(): void {}

const trackers = new WeakMap<object, StatusTracker>();

/** The status tracker of an SDK instance, made on first use. */
export function statusTrackerOf(chat: StatusChat): StatusTracker {
  let tracker = trackers.get(chat);
  if (!tracker) {
    tracker = new StatusTracker(chat);
    trackers.set(chat, tracker);
  }
  return tracker;
}
