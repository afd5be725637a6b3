import { ErrorCode } from '@liaison/protocol';
import { TYPES } from '@liaison/sdk';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { groupOfConversation } from '../../core/conversation-group';
import { useKit } from '../../core/kit-context';
import type { ActionTextKey } from '../../i18n/action-text';

/** Whether the user is still in the conversation's group, and if not, the notice that says why. */
export type Membership = { isMember: true } | { isMember: false; reason: ActionTextKey };

const MEMBER: Membership = { isMember: true };

/**
 * The user's membership of an open group conversation (spec §4 "Chat container"): operationType
 * above 0 means they left (4 removed by an admin, 5 group dissolved, any other value left);
 * otherwise a group missing from their group list means they are out (a group that no longer
 * exists reads as dissolved). One-to-one conversations are always open to the user.
 */
export function useMembership(conversationID: string): Membership {
  const { chat } = useKit();
  // A community topic's conversation is open to the community's members.
  const groupID = groupOfConversation(conversationID);
  const operationType = useSyncExternalStore(
    chat.conversationStore.subscribe,
    () => chat.conversationStore.get(conversationID)?.operationType ?? 0,
    () => 0,
  );
  const [listed, setListed] = useState<Membership>(MEMBER);

  useEffect(() => {
    if (!groupID) return;
    let isCurrent = true;
    const decide = async (isListed: boolean) => {
      if (isListed) {
        if (isCurrent) setListed(MEMBER);
        return;
      }
      const reason = await chat.getGroupProfile({ groupID }).then(
        ({ data }) => (data.group.selfInfo ? null : 'leftUnknown'),
        (error: { code?: unknown }) => (error?.code === ErrorCode.GROUP_NOT_FOUND ? 'leftDismissed' : 'leftUnknown'),
      );
      if (isCurrent) setListed(reason ? { isMember: false, reason } : MEMBER);
    };
    const handleList = (event: { data: ReadonlyArray<{ groupID: string }> }) =>
      void decide(event.data.some((group) => group.groupID === groupID));
    chat.on(chat.EVENT.GROUP_LIST_UPDATED, handleList);
    chat
      .getGroupList()
      .then(({ data }) => decide(data.groupList.some((group) => group.groupID === groupID)))
      // The list could not be read: nothing is known, so nothing is taken away.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
      chat.off(chat.EVENT.GROUP_LIST_UPDATED, handleList);
    };
  }, [chat, groupID]);

  if (!groupID) return MEMBER;
  if (operationType > 0) {
    return {
      isMember: false,
      reason:
        operationType === TYPES.CONV_OPERATION_KICKED_OUT
          ? 'leftRemoved'
          : operationType === TYPES.CONV_OPERATION_DISMISSED
            ? 'leftDismissed'
            : 'leftQuit',
    };
  }
  return listed;
}
