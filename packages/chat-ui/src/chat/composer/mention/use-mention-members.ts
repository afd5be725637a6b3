import type { GroupMember } from '@liaison/sdk';
import { useEffect, useState } from 'react';
import { useKit } from '../../../kit/kit-context';

/** The mention list reads at most this many pages of 100 members (the first are owner and admins). */
const MENTION_PAGES = 5;

/**
 * The members the mention list offers, read once (from the first time an '@' is typed) for the
 * composer's life, which is one conversation's.
 */
export function useMentionMembers(groupID: string | null, isWanted: boolean): readonly GroupMember[] {
  const { chat } = useKit();
  const [members, setMembers] = useState<readonly GroupMember[]>([]);
  const [hasAsked, setAsked] = useState(false);
  if (isWanted && groupID && !hasAsked) setAsked(true);

  useEffect(() => {
    if (!hasAsked || !groupID) return;
    let isCurrent = true;
    void (async () => {
      const found: GroupMember[] = [];
      let offset = 0;
      try {
        for (let page = 0; page < MENTION_PAGES; page++) {
          const { data } = await chat.getGroupMemberList({ groupID, count: 100, offset });
          found.push(...data.memberList);
          if (isCurrent) setMembers([...found]);
          offset = data.offset;
          if (offset === 0) break;
        }
      } catch {
        // Whoever was read stays on offer; 'everyone' still works.
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [chat, groupID, hasAsked]);

  return members;
}
