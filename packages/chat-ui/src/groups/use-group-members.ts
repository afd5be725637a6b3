import { type ChatEvent, EVENT, type GroupMember, TYPES } from '@liaison/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useKit } from '../core/kit-context';

/** spec portal.md §7, §9: the member list is read 100 at a time. */
export const MEMBER_PAGE_SIZE = 100;

export interface GroupMembers {
  members: readonly GroupMember[];
  /** More pages wait on the server. */
  hasMore: boolean;
  isLoading: boolean;
  hasFailed: boolean;
  loadMore(): void;
  /** Reads again the pages read so far (after a change of mine the server has no tip for). */
  reload(): void;
}

/**
 * The group's members as the server pages them (owner, admins, then members by join time), 100 a
 * page, read again when a tip says the group changed (joins, leaves, roles, mutes).
 */
export function useGroupMembers(groupID: string, isEnabled = true): GroupMembers {
  const { chat } = useKit();
  const [members, setMembers] = useState<readonly GroupMember[]>([]);
  const [nextOffset, setNextOffset] = useState(0);
  const [isLoading, setLoading] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  // Each read supersedes the ones before it: answers to older reads are dropped.
  const generation = useRef(0);
  const loaded = useRef(0);

  const read = useCallback(
    async (from: number, pages: number, append: boolean) => {
      const mine = ++generation.current;
      setLoading(true);
      try {
        const found: GroupMember[] = [];
        let offset = from;
        for (let page = 0; page < pages; page++) {
          const { data } = await chat.getGroupMemberList({ groupID, count: MEMBER_PAGE_SIZE, offset });
          found.push(...data.memberList);
          offset = data.offset;
          if (offset === 0) break;
        }
        if (mine !== generation.current) return;
        setMembers((current) => {
          const next = append ? [...current, ...found] : found;
          loaded.current = next.length;
          return next;
        });
        setNextOffset(offset);
        setFailed(false);
      } catch {
        if (mine === generation.current) setFailed(true);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [chat, groupID],
  );

  const reload = useCallback(() => {
    void read(0, Math.max(1, Math.ceil(loaded.current / MEMBER_PAGE_SIZE)), false);
  }, [read]);

  useEffect(() => {
    if (!isEnabled) return;
    loaded.current = 0;
    void read(0, 1, false);
    const handleReceived = (event: ChatEvent<typeof EVENT.MESSAGE_RECEIVED>) => {
      if (event.data.some((m) => m.type === TYPES.MSG_GRP_TIP && m.to === groupID)) reload();
    };
    chat.on(EVENT.MESSAGE_RECEIVED, handleReceived);
    return () => {
      generation.current++;
      chat.off(EVENT.MESSAGE_RECEIVED, handleReceived);
    };
  }, [chat, groupID, isEnabled, read, reload]);

  const loadMore = useCallback(() => {
    if (nextOffset > 0 && !isLoading) void read(nextOffset, 1, true);
  }, [nextOffset, isLoading, read]);

  return { members, hasMore: nextOffset > 0, isLoading, hasFailed, loadMore, reload };
}
