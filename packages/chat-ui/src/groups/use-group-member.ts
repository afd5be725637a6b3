import { type ChatEvent, EVENT, type GroupMember, TYPES } from '@liaison/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useKit } from '../core/kit-context';

/**
 * One member of the group as the server has them now (getGroupMemberProfile), read again when a
 * tip says the group changed: undefined while being read, null when they are not in the group.
 */
export function useGroupMember(
  groupID: string,
  userID: string | null,
): { member: GroupMember | null | undefined; reload(): void } {
  const { chat } = useKit();
  const [member, setMember] = useState<GroupMember | null | undefined>(undefined);
  const generation = useRef(0);

  const reload = useCallback(() => {
    if (!userID) return;
    const mine = ++generation.current;
    chat.getGroupMemberProfile({ groupID, userIDList: [userID] }).then(
      ({ data }) => {
        if (mine === generation.current) setMember(data.memberList.find((m) => m.userID === userID) ?? null);
      },
      () => {
        if (mine === generation.current) setMember(null);
      },
    );
  }, [chat, groupID, userID]);

  useEffect(() => {
    setMember(undefined);
    reload();
    const handleReceived = (event: ChatEvent<typeof EVENT.MESSAGE_RECEIVED>) => {
      if (event.data.some((m) => m.type === TYPES.MSG_GRP_TIP && m.to === groupID)) reload();
    };
    chat.on(EVENT.MESSAGE_RECEIVED, handleReceived);
    return () => {
      generation.current++;
      chat.off(EVENT.MESSAGE_RECEIVED, handleReceived);
    };
  }, [chat, groupID, reload]);

  return { member, reload };
}
