import {
  ErrorCode,
  errorMessages,
  type OpRequestParsed,
  type OpResponse,
  type UserStatus,
  UserStatusType,
} from '@liaison/protocol';
import { z } from 'zod';
import { type Bus, type BusDelivery, type BusEnvelope, toDelivery, userTarget } from '../../bus/bus';
import type { Callbacks } from '../../callbacks/callbacks';
import type { Sql } from '../../db/database';
import type { BlockerIndex } from '../relations/blockers';
import { hasBlocked } from '../relations/blocklist-rule';
import type { ClientSession, RegistryObserver, SessionDirectory, SessionUser } from '../session';
import type { PresenceSettings } from './settings';
import { StatusTracker } from './status-tracker';
import { StatusSubscriptions } from './subscriptions';
import { TypingRelay } from './typing';
import { type StatusViewing, viewingKey, visibleViewings } from './visibility';

export interface PresenceDeps {
  db: Sql;
  bus: Bus;
  registry: SessionDirectory;
  settings: PresenceSettings;
  /** Names this deployment's bus channels (its SDKAppID): processes of another app on the same NATS stay apart. */
  scope: string;
  /** A blocked user's typing reaches nobody (im/relations/blockers.ts). */
  blockers: BlockerIndex;
  /** Tencent's State.StateChange (callbacks/); null when CALLBACK_URL is unset. */
  callbacks: Callbacks | null;
  onError: (err: unknown) => void;
}

type Failure = OpResponse<'getUserStatus'>['failureUserList'][number];

const USER_TARGET_PREFIX = userTarget('');

const customStatusSignal = z.object({ p: z.string(), u: z.string(), s: z.string() });

/**
 * Typing and online status (docs/presence-and-translation.md). Online state lives in memory and
 * travels over the bus (status-tracker.ts); only the custom status text is stored
 * (users.custom_status), since it outlives every session.
 */
export class PresenceService implements RegistryObserver {
  private readonly tracker: StatusTracker;
  private readonly subscriptions = new StatusSubscriptions();
  private readonly typing: TypingRelay;
  /** Custom status changes travel between processes on this channel, to each one's watchers. */
  private readonly customStatusChannel: string;

  constructor(private readonly deps: PresenceDeps) {
    this.typing = new TypingRelay((from, to, envelope) => this.relayTyping(from, to, envelope), {
      perSecond: deps.settings.typingPerSecond,
      burst: deps.settings.typingBurst,
    });
    this.customStatusChannel = `custom-status.${deps.scope}`;
    this.tracker = new StatusTracker({
      bus: deps.bus,
      channel: `presence.${deps.scope}`,
      offlineGraceMs: deps.settings.offlineGraceMs,
      isConnectedHere: (userID) => deps.registry.countUser(userID) > 0,
      onChange: (userID, isOnline) => this.subscriptions.notify(userID, statusTypeOf(isOnline)),
      onOwnChange: deps.callbacks
        ? (userID, isOnline) => reportStateChange(deps.callbacks, userID, isOnline)
        : undefined,
    });
  }

  /** Starts listening to the other processes and announcing this one; registers with the registry. */
  start(): void {
    this.deps.registry.observe(this);
    this.deps.bus.onSignal(this.customStatusChannel, (data) => {
      const parsed = customStatusSignal.safeParse(data);
      if (parsed.success && parsed.data.p !== this.tracker.id) this.announceCustomStatus(parsed.data.u, parsed.data.s);
    });
    this.tracker.start();
  }

  close(): void {
    this.tracker.close();
  }

  firstSession(userID: string): void {
    this.tracker.arrived(userID);
  }

  lastSessionGone(userID: string): void {
    this.tracker.departed(userID);
  }

  sessionRemoved(session: ClientSession): void {
    this.subscriptions.dropSession(session);
  }

  async setTypingStatus(
    session: ClientSession,
    user: SessionUser,
    body: OpRequestParsed<'setTypingStatus'>,
  ): Promise<OpResponse<'setTypingStatus'>> {
    this.typing.relay(session, user, body.conversationID, body.isTyping);
    return {};
  }

  /** A one-to-one message is being stored: the typing state sent with it is not relayed (typing.ts). */
  messageSent(fromUserID: string, toUserID: string): void {
    this.typing.messageSent(fromUserID, toUserID);
  }

  async getUserStatus(user: SessionUser, body: OpRequestParsed<'getUserStatus'>): Promise<OpResponse<'getUserStatus'>> {
    const { found, failureUserList } = await this.lookUp(body.userIDList);
    const visible = await this.visibleTo(user.userID, found);
    return {
      successUserList: found.map(({ userID, customStatus }) =>
        this.statusOf(userID, customStatus, visible.has(viewingKey(user.userID, userID))),
      ),
      failureUserList,
    };
  }

  /**
   * The session is told about these users' changes from now on, and gets their current status
   * at once (a `userStatus` push after the answer): after a reconnect, that is what it missed.
   */
  async subscribeUserStatus(
    session: ClientSession,
    user: SessionUser,
    body: OpRequestParsed<'subscribeUserStatus'>,
  ): Promise<OpResponse<'subscribeUserStatus'>> {
    const { found, failureUserList } = await this.lookUp(body.userIDList);
    const visible = await this.visibleTo(user.userID, found);
    let room = this.subscriptions.room(session);
    for (const { userID, customStatus } of found) {
      if (room <= 0 && !this.subscriptions.isWatching(session, userID)) {
        failureUserList.push({
          userID,
          code: ErrorCode.INVALID_PARAMS,
          message: 'too many subscriptions on this connection',
        });
        continue;
      }
      if (!this.subscriptions.isWatching(session, userID)) room--;
      const isVisible = visible.has(viewingKey(user.userID, userID));
      this.subscriptions.add(session, userID, customStatus, isVisible);
      this.subscriptions.queue(session, this.statusOf(userID, customStatus, isVisible));
    }
    return { failureUserList };
  }

  async unsubscribeUserStatus(
    session: ClientSession,
    body: OpRequestParsed<'unsubscribeUserStatus'>,
  ): Promise<OpResponse<'unsubscribeUserStatus'>> {
    this.subscriptions.remove(session, body.userIDList);
    return { failureUserList: [] };
  }

  /**
   * Sees every bus delivery: a change of friends or blocklist, or of group membership, may show or
   * hide the users involved to those watching, and each such watcher is told at once. Anything
   * else (messages) costs this one comparison.
   */
  observe(delivery: BusDelivery): void {
    if (delivery.event !== 'relations' && !delivery.membership) return;
    const userIDs = delivery.targets
      .filter((t) => t.startsWith(USER_TARGET_PREFIX))
      .map((t) => t.slice(USER_TARGET_PREFIX.length));
    this.recheck(userIDs).catch(this.deps.onError);
  }

  /** Whether the user has a session on any process now (or had one within the offline grace). */
  isOnline(userID: string): boolean {
    return this.tracker.isOnline(userID);
  }

  /** Everyone online on any process now. */
  onlineUsers(): string[] {
    return this.tracker.onlineUsers();
  }

  /** Stored, then pushed to my other tabs and to everyone watching me, on every process. */
  async setSelfStatus(
    session: ClientSession,
    user: SessionUser,
    body: OpRequestParsed<'setSelfStatus'>,
  ): Promise<OpResponse<'setSelfStatus'>> {
    const { customStatus } = body;
    await this.deps.db.query('UPDATE users SET custom_status = $2 WHERE user_id = $1', [user.userID, customStatus]);
    this.announceCustomStatus(user.userID, customStatus);
    this.deps.bus.signal(this.customStatusChannel, { p: this.tracker.id, u: user.userID, s: customStatus });
    this.deps.bus.publish([userTarget(user.userID)], {
      event: 'userStatus',
      data: { userStatusList: [this.statusOf(user.userID, customStatus, true)] },
      exceptSession: session.id,
    });
    return {};
  }

  /**
   * A push nothing stores (typing): straight to the user's sessions here, and through the bus
   * only when another process lists them. The bus round trip cost about as much as the rest of a
   * typing relay (docs/performance.md).
   */
  /** As a blocked user's messages are refused, their typing is dropped, without a word to them. */
  private relayTyping(fromUserID: string, toUserID: string, envelope: BusEnvelope): void {
    if (!this.deps.blockers.mayBlock(toUserID)) {
      this.sendEphemeral(toUserID, envelope);
      return;
    }
    hasBlocked(this.deps.db, toUserID, fromUserID).then((blocked) => {
      if (!blocked) this.sendEphemeral(toUserID, envelope);
    }, this.deps.onError);
  }

  private sendEphemeral(userID: string, envelope: BusEnvelope): void {
    const target = userTarget(userID);
    if (this.deps.registry.countUser(userID) > 0) this.deps.registry.deliver(toDelivery([target], envelope));
    if (this.tracker.isOnlineElsewhere(userID)) this.deps.bus.publish([target], { ...envelope, elsewhereOnly: true });
  }

  private announceCustomStatus(userID: string, customStatus: string): void {
    this.subscriptions.notify(userID, statusTypeOf(this.tracker.isOnline(userID)), customStatus);
  }

  /** Someone who may not see the user is told they are offline, with no custom status. */
  private statusOf(userID: string, customStatus: string, isVisible: boolean): UserStatus {
    if (!isVisible) return { userID, statusType: UserStatusType.OFFLINE, customStatus: '' };
    return { userID, statusType: statusTypeOf(this.tracker.isOnline(userID)), customStatus };
  }

  private visibleTo(viewer: string, found: ReadonlyArray<{ userID: string }>): Promise<Set<string>> {
    return visibleViewings(
      this.deps.db,
      found.map(({ userID }) => ({ viewer, target: userID })),
      this.deps.settings.isVisibleToStrangers,
    );
  }

  /** Whether the subscriptions of or to these users are still allowed; each one that changed gets the status it now may see. */
  private async recheck(userIDs: readonly string[]): Promise<void> {
    const subscriptions = this.subscriptions.involving(
      userIDs,
      userIDs.flatMap((userID) => [...this.deps.registry.sessionsOf(userID)]),
    );
    const viewings: StatusViewing[] = [];
    for (const { session, userID } of subscriptions) {
      if (session.user) viewings.push({ viewer: session.user.userID, target: userID });
    }
    const visible = await visibleViewings(this.deps.db, viewings, this.deps.settings.isVisibleToStrangers);
    for (const { session, userID } of subscriptions) {
      const viewer = session.user?.userID;
      if (viewer === undefined || !this.subscriptions.isWatching(session, userID)) continue;
      const isVisible = visible.has(viewingKey(viewer, userID));
      if (isVisible === this.subscriptions.isVisible(session, userID)) continue;
      this.subscriptions.setVisible(session, userID, isVisible);
      this.subscriptions.queue(
        session,
        this.statusOf(userID, this.subscriptions.customStatusOf(userID) ?? '', isVisible),
      );
    }
  }

  /** The users that exist, with their custom status; the others as failures (20003). One query. */
  private async lookUp(
    userIDList: readonly string[],
  ): Promise<{ found: Array<{ userID: string; customStatus: string }>; failureUserList: Failure[] }> {
    const wanted = [...new Set(userIDList)];
    const rows = await this.deps.db.query<{ user_id: string; custom_status: string }>(
      'SELECT user_id, custom_status FROM users WHERE user_id = ANY($1)',
      [wanted],
    );
    const byID = new Map(rows.map((row) => [row.user_id, row.custom_status]));
    const found: Array<{ userID: string; customStatus: string }> = [];
    const failureUserList: Failure[] = [];
    for (const userID of wanted) {
      const customStatus = byID.get(userID);
      if (customStatus === undefined) {
        failureUserList.push({
          userID,
          code: ErrorCode.USER_NOT_FOUND,
          message: errorMessages[ErrorCode.USER_NOT_FOUND],
        });
      } else {
        found.push({ userID, customStatus });
      }
    }
    return { found, failureUserList };
  }
}

function statusTypeOf(isOnline: boolean): UserStatus['statusType'] {
  return isOnline ? UserStatusType.ONLINE : UserStatusType.OFFLINE;
}

/** Tencent's actions: Login (Register) when the user came online, Disconnect (LinkClose) when the grace ran out. */
function reportStateChange(callbacks: Callbacks | null, userID: string, isOnline: boolean): void {
  if (isOnline) callbacks?.stateChanged(userID, 'Login', 'Register');
  else callbacks?.stateChanged(userID, 'Disconnect', 'LinkClose');
}
