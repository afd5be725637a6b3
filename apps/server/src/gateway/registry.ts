import { CLOSE_KICKED, CLOSE_PORTAL_LOGOUT } from '@liaison/protocol';
import type { BusDelivery } from '../bus/bus';
import type { RegistryObserver, SessionDirectory } from '../im/session';
import type { Session } from './session';

/** Which logged-in sessions this process holds, by user and by group. */
export class SessionRegistry implements SessionDirectory {
  private readonly byUser = new Map<string, Set<Session>>();
  private readonly byGroup = new Map<string, Set<Session>>();
  private readonly observers: RegistryObserver[] = [];

  observe(observer: RegistryObserver): void {
    this.observers.push(observer);
  }

  get size(): number {
    let n = 0;
    for (const sessions of this.byUser.values()) n += sessions.size;
    return n;
  }

  /** Logged-in sessions of one user on this process. */
  countUser(userID: string): number {
    return this.byUser.get(userID)?.size ?? 0;
  }

  /** Logged-in sessions of one user on this process. */
  sessionsOf(userID: string): ReadonlySet<Session> {
    return this.byUser.get(userID) ?? new Set();
  }

  add(session: Session, groupIDs: string[]): void {
    const userID = session.user?.userID;
    if (!userID) return;
    const isFirst = !this.byUser.has(userID);
    addTo(this.byUser, userID, session);
    for (const groupID of groupIDs) this.joinGroup(session, groupID);
    if (isFirst) for (const observer of this.observers) observer.firstSession?.(userID);
  }

  remove(session: Session): void {
    const userID = session.user?.userID;
    const wasHere = userID !== undefined && this.byUser.get(userID)?.has(session) === true;
    if (userID) removeFrom(this.byUser, userID, session);
    for (const groupID of session.groups) removeFrom(this.byGroup, groupID, session);
    session.groups.clear();
    if (!wasHere) return;
    for (const observer of this.observers) observer.sessionRemoved?.(session);
    if (!this.byUser.has(userID)) for (const observer of this.observers) observer.lastSessionGone?.(userID);
  }

  all(): Session[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  /** Delivers one bus delivery to the local sessions it concerns, each once. */
  deliver(delivery: BusDelivery): void {
    if (delivery.endPortalSession !== undefined) {
      const portalSessionID = delivery.endPortalSession;
      this.endSessions(delivery, (session) => session.portalSessionID === portalSessionID, CLOSE_PORTAL_LOGOUT);
      return;
    }
    if (delivery.endUserSessions) {
      this.endSessions(delivery, () => true, CLOSE_KICKED);
      return;
    }
    const recipients = new Set<Session>();
    const profile = delivery.event === 'profile' ? profileOf(delivery) : null;
    for (const target of delivery.targets) {
      const dot = target.indexOf('.');
      const kind = target.slice(0, dot);
      const id = target.slice(dot + 1);
      const sessions = kind === 'user' ? this.byUser.get(id) : kind === 'group' ? this.byGroup.get(id) : undefined;
      if (!sessions) continue;
      for (const session of sessions) {
        if (kind === 'user') this.applyToUserSession(session, delivery, profile);
        recipients.add(session);
      }
    }
    for (const session of recipients) {
      if (session.id !== delivery.exceptSession) session.write(delivery.frame);
    }
    const { membership } = delivery;
    if (membership && !membership.joined && delivery.targets.includes(`group.${membership.groupID}`)) {
      this.dropGroup(membership.groupID);
    }
  }

  /** A group that ended (dismissed): none of its sessions here hears from it again. */
  private dropGroup(groupID: string): void {
    for (const session of this.byGroup.get(groupID) ?? []) session.groups.delete(groupID);
    this.byGroup.delete(groupID);
  }

  /**
   * Tells (the `kicked` frame) and closes the user targets' sessions that `ends` picks: those a
   * portal session logged in when it logs out, or all of them on a REST API kick. They take no
   * more pushes.
   */
  private endSessions(delivery: BusDelivery, ends: (session: Session) => boolean, closeCode: number): void {
    for (const target of delivery.targets) {
      if (!target.startsWith('user.')) continue;
      for (const session of [...(this.byUser.get(target.slice('user.'.length)) ?? [])]) {
        if (!ends(session)) continue;
        session.write(delivery.frame);
        this.remove(session);
        session.user = null;
        session.socket.close(closeCode, closeCode === CLOSE_KICKED ? 'kicked by the app' : 'logged out of the portal');
      }
    }
  }

  /** Keeps a session's routing and sender details current with what the user did elsewhere. */
  private applyToUserSession(
    session: Session,
    delivery: BusDelivery,
    profile: { userID: string; nick: string; avatar: string } | null,
  ): void {
    if (delivery.membership) {
      if (delivery.membership.joined) this.joinGroup(session, delivery.membership.groupID);
      else this.leaveGroup(session, delivery.membership.groupID);
    }
    // A friend's profile comes to my sessions too: only my own changes what my sessions send as.
    if (profile && session.user?.userID === profile.userID) {
      session.user.nick = profile.nick;
      session.user.avatar = profile.avatar;
    }
  }

  private joinGroup(session: Session, groupID: string): void {
    session.groups.add(groupID);
    addTo(this.byGroup, groupID, session);
  }

  private leaveGroup(session: Session, groupID: string): void {
    session.groups.delete(groupID);
    removeFrom(this.byGroup, groupID, session);
  }
}

/** The new nick and avatar a `profile` delivery carries, read once for all the user's sessions. */
function profileOf(delivery: BusDelivery): { userID: string; nick: string; avatar: string } {
  return (JSON.parse(delivery.frame) as { data: { profile: { userID: string; nick: string; avatar: string } } }).data
    .profile;
}

function addTo(map: Map<string, Set<Session>>, key: string, session: Session): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(session);
}

function removeFrom(map: Map<string, Set<Session>>, key: string, session: Session): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(session);
  if (set.size === 0) map.delete(key);
}
