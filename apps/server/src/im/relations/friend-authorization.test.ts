import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, sendText, startServer } from '../../integration/harness';
import { befriend, WEB } from '../../integration/relation-helpers';
import { snapshot } from '../../integration/state-snapshot';

/**
 * Every friend and blocklist operation (and a one-to-one send) by one user on another, for each
 * relation between them, through the SDK against a real server. Each cell starts from two fresh
 * users; a refusal carries its code and changes nothing stored.
 */

const { TYPES } = LiaisonChat;
const { RELATION_INVALID, FRIEND_IN_MY_BLACKLIST, FRIEND_IN_THEIR_BLACKLIST, FRIEND_ADD_DENIED, C2C_SENDER_BLOCKED } =
  ErrorCode;

/**
 * Who the target is to the caller: the caller themselves; a stranger; someone who sent the caller
 * a friend request; a friend both ways; someone in the caller's blocklist; someone whose
 * blocklist holds the caller; a stranger who refuses all friend requests.
 */
const RELATIONS = ['self', 'stranger', 'requester', 'friend', 'blocked', 'blocker', 'refusesAll'] as const;
type Relation = (typeof RELATIONS)[number];
type Expect = 'allow' | ErrorCode;

interface Row {
  op: string;
  call(me: Chat, target: string): Promise<unknown>;
  cells: Record<Relation, Expect>;
}

const all = (expect: Expect): Record<Relation, Expect> =>
  Object.fromEntries(RELATIONS.map((r) => [r, expect])) as Record<Relation, Expect>;
/** Only with this relation (or these) may it be done; the rest get RELATION_INVALID. */
const onlyFor = (...allowed: Relation[]): Record<Relation, Expect> =>
  Object.fromEntries(RELATIONS.map((r) => [r, allowed.includes(r) ? 'allow' : RELATION_INVALID])) as Record<
    Relation,
    Expect
  >;

const rows: Row[] = [
  {
    op: 'addFriend',
    call: (me, to) => me.addFriend({ to, source: WEB }),
    cells: {
      self: RELATION_INVALID,
      stranger: 'allow',
      requester: 'allow',
      friend: RELATION_INVALID,
      blocked: FRIEND_IN_MY_BLACKLIST,
      blocker: FRIEND_IN_THEIR_BLACKLIST,
      refusesAll: FRIEND_ADD_DENIED,
    },
  },
  {
    op: 'acceptFriendApplication',
    call: (me, userID) => me.acceptFriendApplication({ userID }),
    cells: onlyFor('requester'),
  },
  {
    op: 'refuseFriendApplication',
    call: (me, userID) => me.refuseFriendApplication({ userID }),
    cells: onlyFor('requester'),
  },
  {
    op: 'deleteFriendApplication',
    call: (me, userID) => me.deleteFriendApplication({ userID, type: TYPES.SNS_APPLICATION_SENT_TO_ME }),
    cells: onlyFor('requester'),
  },
  { op: 'getFriendApplicationList', call: (me) => me.getFriendApplicationList(), cells: all('allow') },
  { op: 'setFriendApplicationRead', call: (me) => me.setFriendApplicationRead(), cells: all('allow') },
  { op: 'getFriendList', call: (me) => me.getFriendList(), cells: all('allow') },
  {
    // Non-friends are answered in failureUserIDList, not refused.
    op: 'getFriendProfile',
    call: (me, userID) => me.getFriendProfile({ userIDList: [userID] }),
    cells: all('allow'),
  },
  {
    op: 'updateFriend',
    call: (me, userID) => me.updateFriend({ userID, remark: 'matrix' }),
    cells: onlyFor('friend'),
  },
  {
    // Non-friends are answered in failureUserIDList, not refused.
    op: 'deleteFriend',
    call: (me, userID) => me.deleteFriend({ userIDList: [userID] }),
    cells: all('allow'),
  },
  { op: 'checkFriend', call: (me, userID) => me.checkFriend({ userIDList: [userID] }), cells: all('allow') },
  {
    op: 'addToBlacklist',
    call: (me, userID) => me.addToBlacklist({ userIDList: [userID] }),
    cells: { ...all('allow'), self: RELATION_INVALID, blocked: RELATION_INVALID },
  },
  {
    op: 'removeFromBlacklist',
    call: (me, userID) => me.removeFromBlacklist({ userIDList: [userID] }),
    cells: onlyFor('blocked'),
  },
  { op: 'getBlacklist', call: (me) => me.getBlacklist(), cells: all('allow') },
  { op: 'searchUsers', call: (me, keyword) => me.searchUsers({ keyword }), cells: all('allow') },
  {
    // Only the blocked side is refused: the blocker may still write (docs/friends-and-blocklist.md).
    op: 'sendMessage (C2C)',
    call: (me, to) => sendText(me, to, 'matrix'),
    cells: { ...all('allow'), blocker: C2C_SENDER_BLOCKED },
  },
];

let server: LiaisonServer;
let cells = 0;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

/** Two fresh users, related as asked; the target is the caller for `self`. */
async function world(relation: Relation): Promise<{ me: Chat; other: Chat; target: string }> {
  const n = ++cells;
  const me = await connect(server, `fa${n}-me`);
  const other = await connect(server, `fa${n}-other`);
  const target = relation === 'self' ? `fa${n}-me` : `fa${n}-other`;
  if (relation === 'requester') await other.addFriend({ to: `fa${n}-me`, source: WEB });
  if (relation === 'friend') await befriend(me, other);
  if (relation === 'blocked') await me.addToBlacklist({ userIDList: [`fa${n}-other`] });
  if (relation === 'blocker') await other.addToBlacklist({ userIDList: [`fa${n}-me`] });
  if (relation === 'refusesAll') await other.updateMyProfile({ allowType: TYPES.ALLOW_TYPE_DENY_ANY });
  return { me, other, target };
}

describe('friend and blocklist operations: who may do them to whom', () => {
  for (const row of rows) {
    const summary = RELATIONS.map((r) => `${r} ${row.cells[r] === 'allow' ? '✓' : row.cells[r]}`).join(', ');
    it(`${row.op}: ${summary}`, async () => {
      for (const relation of RELATIONS) {
        const { me, other, target } = await world(relation);
        const before = await snapshot(server.db);
        let outcome: Expect = 'allow';
        try {
          await row.call(me, target);
        } catch (err) {
          outcome = (err as { code: ErrorCode }).code;
        }
        const cell = `${row.op} on ${relation}`;
        expect(outcome, cell).toBe(row.cells[relation]);
        if (outcome !== 'allow') {
          expect(await snapshot(server.db), `${cell}: refused, yet stored state changed`).toEqual(before);
        }
        await Promise.all([me.logout(), other.logout()]);
      }
    });
  }
});
