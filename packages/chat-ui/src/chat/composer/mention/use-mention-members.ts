import type { GroupMember } from '@liaison/sdk';
import { useEffect, useState } from 'react';
import { useKit } from '../../../core/kit-context';

/** The mention list reads at most this many pages of 100 members (the first are owner and admins). */
const MENTION_PAGES = 5;
/** A group larger than what was read is searched on the server for what is typed after '@', this long after the last key. */
const SEARCH_DELAY_MS = 200;
const SEARCH_COUNT = 50;

/**
 * The members the mention list offers: the first pages, read once (from the first time an '@' is
 * typed) for the composer's life, which is one conversation's; in a group larger than that, also
 * the members the server finds for what is typed after '@' (searchCloudGroupMembers), first.
 */
export function useMentionMembers(groupID: string | null, isWanted: boolean, query: string): readonly GroupMember[] {
  const { chat } = useKit();
  const [members, setMembers] = useState<readonly GroupMember[]>([]);
  const [isPartial, setPartial] = useState(false);
  const [found, setFound] = useState<{ query: string; members: readonly GroupMember[] } | null>(null);
  const [hasAsked, setAsked] = useState(false);
  if (isWanted && groupID && !hasAsked) setAsked(true);

  useEffect(() => {
    if (!hasAsked || !groupID) return;
    let isCurrent = true;
    void (async () => {
      const read: GroupMember[] = [];
      let offset = 0;
      try {
        for (let page = 0; page < MENTION_PAGES; page++) {
          const { data } = await chat.getGroupMemberList({ groupID, count: 100, offset });
          read.push(...data.memberList);
          if (isCurrent) setMembers([...read]);
          offset = data.offset;
          if (offset === 0) break;
        }
        if (isCurrent) setPartial(offset !== 0);
      } catch {
        // Whoever was read stays on offer; 'everyone' still works.
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [chat, groupID, hasAsked]);

  const wanted = isWanted && isPartial && groupID !== null ? query.trim() : '';
  useEffect(() => {
    if (wanted === '' || !groupID) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      chat.searchCloudGroupMembers({ groupIDList: [groupID], keywordList: [wanted], count: SEARCH_COUNT }).then(
        ({ data }) => {
          if (isCurrent) setFound({ query: wanted, members: data.searchResultList[0]?.memberList ?? [] });
        },
        () => {
          // The members read so far stay on offer.
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [chat, groupID, wanted]);

  if (!found || found.query !== wanted) return members;
  const listed = new Set(found.members.map((member) => member.userID));
  return [...found.members, ...members.filter((member) => !listed.has(member.userID))];
}
