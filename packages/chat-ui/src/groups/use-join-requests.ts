import { type ChatEvent, EVENT, type GroupApplication, TYPES } from '@liaison/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useKit } from '../core/kit-context';

export interface JoinRequests {
  /** The requests waiting to join this group, oldest first. */
  applications: readonly GroupApplication[];
  /** Takes a handled request off the list at once (the server has it handled already). */
  drop(applicant: string): void;
}

/**
 * The join requests to one group that the user may handle (spec chat.md §7: the application list
 * filtered to the group), read when `isEnabled` (the user owns or administers the group) and again
 * when group system notices arrive (a new request, spec §4) or someone joins the group (another
 * admin let them in).
 */
export function useJoinRequests(groupID: string, isEnabled: boolean): JoinRequests {
  const { chat } = useKit();
  const [applications, setApplications] = useState<readonly GroupApplication[]>([]);
  const generation = useRef(0);

  const refresh = useCallback(() => {
    const mine = ++generation.current;
    chat.getGroupApplicationList().then(
      ({ data }) => {
        if (mine === generation.current) setApplications(data.applicationList.filter((a) => a.groupID === groupID));
      },
      // Unreadable now (offline): the list stays as it was; the next notice reads it again.
      () => undefined,
    );
  }, [chat, groupID]);

  useEffect(() => {
    if (!isEnabled) {
      generation.current++;
      setApplications([]);
      return;
    }
    refresh();
    const handleNotice = () => refresh();
    const handleReceived = (event: ChatEvent<typeof EVENT.MESSAGE_RECEIVED>) => {
      const joined = event.data.some(
        (m) => m.type === TYPES.MSG_GRP_TIP && m.to === groupID && m.payload.operationType === TYPES.GRP_TIP_MBR_JOIN,
      );
      if (joined) refresh();
    };
    chat.on(EVENT.GROUP_SYSTEM_NOTICE_RECEIVED, handleNotice);
    chat.on(EVENT.MESSAGE_RECEIVED, handleReceived);
    chat.on(EVENT.SDK_READY, handleNotice);
    return () => {
      generation.current++;
      chat.off(EVENT.GROUP_SYSTEM_NOTICE_RECEIVED, handleNotice);
      chat.off(EVENT.MESSAGE_RECEIVED, handleReceived);
      chat.off(EVENT.SDK_READY, handleNotice);
    };
  }, [chat, groupID, isEnabled, refresh]);

  const drop = useCallback((applicant: string) => {
    setApplications((current) => current.filter((a) => a.applicant !== applicant));
  }, []);

  return { applications, drop };
}
