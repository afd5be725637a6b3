import type { BusDelivery } from '../bus/bus';
import type { Session } from './session';

/** Which logged-in sessions this process holds, by user and by group. */
export class SessionRegistry {
  private readonly byUser = new Map<string, Set<Session>>();
  private readonly byGroup = new Map<string, Set<Session>>();

  get size(): number {
    let n = 0;
    for (const sessions of this.byUser.values()) n += sessions.size;
    return n;
  }

  add(session: Session, groupIDs: string[]): void {
    const userID = session.user?.userID;
    if (!userID) return;
    addTo(this.byUser, userID, session);
    for (const groupID of groupIDs) this.joinGroup(session, groupID);
  }

  remove(session: Session): void {
    const userID = session.user?.userID;
    if (userID) removeFrom(this.byUser, userID, session);
    for (const groupID of session.groups) removeFrom(this.byGroup, groupID, session);
    session.groups.clear();
  }

  all(): Session[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  /** Delivers one bus delivery to the local sessions it concerns, each once. */
  deliver(delivery: BusDelivery): void {
    const recipients = new Set<Session>();
    for (const target of delivery.targets) {
      const dot = target.indexOf('.');
      const kind = target.slice(0, dot);
      const id = target.slice(dot + 1);
      const sessions = kind === 'user' ? this.byUser.get(id) : kind === 'group' ? this.byGroup.get(id) : undefined;
      if (!sessions) continue;
      for (const session of sessions) {
        if (kind === 'user') this.applyToUserSession(session, delivery);
        recipients.add(session);
      }
    }
    for (const session of recipients) {
      if (session.id !== delivery.exceptSession) session.write(delivery.frame);
    }
  }

  /** Keeps a session's routing and sender details current with what the user did elsewhere. */
  private applyToUserSession(session: Session, delivery: BusDelivery): void {
    if (delivery.membership) {
      if (delivery.membership.joined) this.joinGroup(session, delivery.membership.groupID);
      else this.leaveGroup(session, delivery.membership.groupID);
    }
    if (delivery.event === 'profile' && session.user) {
      const { data } = JSON.parse(delivery.frame) as { data: { profile: { nick: string; avatar: string } } };
      session.user.nick = data.profile.nick;
      session.user.avatar = data.profile.avatar;
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
