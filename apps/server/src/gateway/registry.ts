import type { BusEnvelope } from '../bus/bus';
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

  sessionsOf(userID: string): ReadonlySet<Session> {
    return this.byUser.get(userID) ?? new Set();
  }

  all(): Session[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  /** Delivers one bus envelope to the local sessions it concerns. */
  deliver(subject: string, envelope: BusEnvelope): void {
    const dot = subject.indexOf('.');
    const kind = subject.slice(0, dot);
    const target = subject.slice(dot + 1);
    const sessions =
      kind === 'user' ? this.byUser.get(target) : kind === 'group' ? this.byGroup.get(target) : undefined;
    if (!sessions) return;
    const text = JSON.stringify({ event: envelope.event, data: envelope.data });
    for (const session of [...sessions]) {
      if (envelope.event === 'profile' && session.user) {
        const { profile } = envelope.data as { profile: { nick: string; avatar: string } };
        session.user.nick = profile.nick;
        session.user.avatar = profile.avatar;
      }
      if (envelope.membership) {
        if (envelope.membership.joined) this.joinGroup(session, envelope.membership.groupID);
        else this.leaveGroup(session, envelope.membership.groupID);
      }
      if (session.id !== envelope.exceptSession) session.write(text);
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
