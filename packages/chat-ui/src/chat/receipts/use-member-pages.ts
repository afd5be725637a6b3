import { ErrorCode, Limits } from '@liaison/protocol';
import type { Message, ReadMemberInfo } from '@liaison/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useKit } from '../../core/kit-context';

export interface MemberPages {
  members: readonly ReadMemberInfo[];
  isLoading: boolean;
  isCompleted: boolean;
  error: string;
  /** The deployment's plan leaves group read receipts out (3122): the upgrade message, not an error. */
  isPlanLimit: boolean;
  /** Loads the next page (READ_MEMBER_PAGE_MAX members), unless one is loading or all are here. */
  loadMore(): void;
}

/**
 * The members who have read (filter 0) or not read (filter 1) a group message, page by page
 * (getGroupMessageReadMemberList with its cursor, 100 a page, spec §7). The first page loads at once.
 */
export function useMemberPages(message: Message, filter: 0 | 1): MemberPages {
  const { chat } = useKit();
  const [state, setState] = useState({
    members: [] as ReadMemberInfo[],
    isCompleted: false,
    error: '',
    isPlanLimit: false,
  });
  const [isLoading, setIsLoading] = useState(false);
  const cursor = useRef('');
  const inFlight = useRef(false);
  const isDone = useRef(false);
  const isMounted = useRef(true);
  // The row hands a new message object whenever it re-renders; the list belongs to its ID.
  const latestMessage = useRef(message);
  latestMessage.current = message;
  const messageID = message.ID;
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const loadMore = useCallback(() => {
    if (inFlight.current || isDone.current || latestMessage.current.ID !== messageID) return;
    inFlight.current = true;
    setIsLoading(true);
    chat
      .getGroupMessageReadMemberList({
        message: latestMessage.current,
        filter,
        count: Limits.READ_MEMBER_PAGE_MAX,
        ...(cursor.current ? { cursor: cursor.current } : {}),
      })
      .then(({ data }) => {
        if (!isMounted.current) return;
        cursor.current = data.cursor;
        isDone.current = data.isCompleted;
        const page = filter === 0 ? data.readUserInfoList : data.unreadUserInfoList;
        // A member who reads meanwhile can move between the lists as they page: show each once.
        setState((s) => {
          const known = new Set(s.members.map((m) => m.userID));
          const fresh = page.filter((m) => !known.has(m.userID));
          return { members: [...s.members, ...fresh], isCompleted: data.isCompleted, error: '', isPlanLimit: false };
        });
      })
      .catch((error: unknown) => {
        if (isMounted.current)
          setState((s) => ({
            ...s,
            error: error instanceof Error ? error.message : String(error),
            isPlanLimit: (error as { code?: unknown })?.code === ErrorCode.FEATURE_NOT_ENABLED,
          }));
      })
      .finally(() => {
        inFlight.current = false;
        if (isMounted.current) setIsLoading(false);
      });
  }, [chat, messageID, filter]);

  useEffect(() => {
    loadMore();
  }, [loadMore]);

  return { ...state, isLoading, loadMore: state.isCompleted || state.error ? () => undefined : loadMore };
}
