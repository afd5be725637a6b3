import { LiaisonError } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import type { RequestFunction } from './core/requests';
import { EVENT } from './core/types';
import { Emitter } from './events';
import { Relations } from './relations';

/** A server whose lists the test changes between calls. */
function setUp() {
  const server = {
    friendList: [] as unknown[],
    applications: { friendApplicationList: [] as unknown[], unreadCount: 0 },
    blacklist: [] as string[],
    failing: false,
  };
  const asked: string[] = [];
  const request = (async (op: string) => {
    asked.push(op);
    if (server.failing) throw new LiaisonError(2800);
    if (op === 'getFriendList') return { friendList: server.friendList };
    if (op === 'getFriendApplicationList') return server.applications;
    if (op === 'getBlacklist') return { userIDList: server.blacklist };
    if (op === 'getFriendGroupList') return { friendGroupList: [] };
    if (op === 'addToBlacklist') return { userIDList: ['mallory'] };
    return {};
  }) as RequestFunction;
  const events = new Emitter();
  const seen: Array<{ name: string; data: unknown }> = [];
  for (const name of [EVENT.FRIEND_LIST_UPDATED, EVENT.FRIEND_APPLICATION_LIST_UPDATED, EVENT.BLACKLIST_UPDATED]) {
    events.on(name, (event) => seen.push({ name, data: event.data }));
  }
  const errors: unknown[] = [];
  const relations = new Relations({
    request,
    events,
    onError: (error) => errors.push(error),
    onFriendListChanged: () => undefined,
  });
  return { server, asked, seen, errors, relations };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the friend, request and block lists', () => {
  it('are loaded whole after login, each reported once', async () => {
    const { asked, seen, relations } = setUp();
    await relations.load();
    expect(asked.sort()).toEqual(['getBlacklist', 'getFriendApplicationList', 'getFriendGroupList', 'getFriendList']);
    expect(seen.map((e) => e.name).sort()).toEqual([
      EVENT.BLACKLIST_UPDATED,
      EVENT.FRIEND_APPLICATION_LIST_UPDATED,
      EVENT.FRIEND_LIST_UPDATED,
    ]);
  });

  it('fetch only the lists a push names, and report only those that changed', async () => {
    const { server, asked, seen, relations } = setUp();
    await relations.load();
    asked.length = 0;
    seen.length = 0;
    server.blacklist = ['mallory'];
    relations.handlePush({ lists: ['blacklist', 'friendList'] });
    await flush();
    expect(asked.sort()).toEqual(['getBlacklist', 'getFriendList']);
    expect(seen).toEqual([{ name: EVENT.BLACKLIST_UPDATED, data: ['mallory'] }]);
  });

  it('are fetched again by a change made here before it resolves', async () => {
    const { server, seen, relations } = setUp();
    await relations.load();
    seen.length = 0;
    server.blacklist = ['mallory'];
    const answer = await relations.blacklist.addToBlacklist({ userIDList: ['mallory'] });
    expect(answer).toEqual({ code: 0, data: ['mallory'] });
    expect(seen).toEqual([{ name: EVENT.BLACKLIST_UPDATED, data: ['mallory'] }]);
  });

  it('report a failed fetch as an error without failing the change that caused it', async () => {
    const { server, errors, relations } = setUp();
    server.failing = true;
    relations.handlePush({ lists: ['friendList'] });
    await flush();
    expect(errors).toHaveLength(1);
  });

  it('are reported again after a reset, even when unchanged (a new login)', async () => {
    const { seen, relations } = setUp();
    await relations.load();
    relations.reset();
    seen.length = 0;
    await relations.load();
    expect(seen).toHaveLength(3);
  });
});
