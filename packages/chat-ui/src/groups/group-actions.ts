import { Limits } from '@liaison/protocol';
import type { ChatSDK, Group } from '@liaison/sdk';
import { showErrorToast, showSuccessToast } from '../core/toasts/toast-center';
import type { GroupT } from '../i18n/group-text';
import { groupStoreOf } from './group-store';

/** Group notices hold at most this many characters (spec portal.md §5, §9). */
export const NOTICE_MAX = Limits.GROUP_NOTIFICATION_MAX_CHARS;
/** A name card holds at most this many UTF-8 bytes (docs/groups.md "Validation"). */
export const NAME_CARD_MAX_BYTES = Limits.NAME_CARD_MAX_BYTES;
/** The longest mute the picker offers (spec portal.md §9: 2,592,000 s, 30 days). */
export const MUTE_MAX_SECONDS = 2_592_000;

/**
 * The group panel's operations: each calls the SDK, keeps the group store current with the
 * answer, and tells the user how it went (spec portal.md §8): a success in words, a refusal as
 * '<what failed>: <why>' (a known code in the UI language, else the server's message). Each
 * resolves true when the server agreed.
 */
export function groupActions(chat: ChatSDK, groupID: string, t: GroupT) {
  const store = groupStoreOf(chat);
  const attempt = async (
    run: () => Promise<{ data: { group?: Group } | { groupID: string } }>,
    success: string | null,
    failure: string,
  ): Promise<boolean> => {
    try {
      const { data } = await run();
      if ('group' in data && data.group) store.put([data.group]);
      if (success) showSuccessToast(chat, success);
      return true;
    } catch (error) {
      showErrorToast(chat, error, failure);
      return false;
    }
  };

  return {
    /** Name (spec §5: never empty; the server trims it). */
    rename(name: string): Promise<boolean> {
      if (name.trim() === '') {
        showErrorToast(chat, new Error(t('nameEmpty')));
        return Promise.resolve(false);
      }
      return attempt(
        () => chat.updateGroupProfile({ groupID, name: name.trim() }),
        t('nameChanged'),
        t('updateFailed'),
      );
    },
    /** The notice (spec §5: at most 150 characters). */
    setNotice(notification: string): Promise<boolean> {
      if ([...notification].length > NOTICE_MAX) {
        showErrorToast(chat, new Error(t('noticeTooLong')));
        return Promise.resolve(false);
      }
      return attempt(() => chat.updateGroupProfile({ groupID, notification }), t('saved'), t('updateFailed'));
    },
    setIntroduction(introduction: string): Promise<boolean> {
      return attempt(() => chat.updateGroupProfile({ groupID, introduction }), t('saved'), t('updateFailed'));
    },
    setAvatar(avatar: string): Promise<boolean> {
      return attempt(() => chat.updateGroupProfile({ groupID, avatar }), t('saved'), t('updateFailed'));
    },
    setMuteAll(muteAllMembers: boolean): Promise<boolean> {
      return attempt(() => chat.updateGroupProfile({ groupID, muteAllMembers }), null, t('updateFailed'));
    },
    setNameCard(userID: string, nameCard: string): Promise<boolean> {
      return attempt(() => chat.setGroupMemberNameCard({ groupID, userID, nameCard }), t('saved'), t('nameCardFailed'));
    },
    /** muteTime in seconds from now; 0 cancels (spec portal.md §4). */
    setMute(userID: string, muteTime: number): Promise<boolean> {
      return attempt(
        () => chat.setGroupMemberMuteTime({ groupID, userID, muteTime }),
        t(muteTime > 0 ? 'muteSet' : 'muteCancelled'),
        t('muteFailed'),
      );
    },
    setAdmin(userID: string, name: string, isAdmin: boolean): Promise<boolean> {
      return attempt(
        () => chat.setGroupMemberRole({ groupID, userID, role: isAdmin ? 'Admin' : 'Member' }),
        t(isAdmin ? 'adminSet' : 'adminCancelled', { name }),
        t('roleFailed'),
      );
    },
    transfer(newOwnerID: string, name: string): Promise<boolean> {
      return attempt(
        () => chat.changeGroupOwner({ groupID, newOwnerID }),
        t('ownerChanged', { name }),
        t('transferFailed'),
      );
    },
    /** Adds people (Work groups); anyone the server does not know reads 'user not exist'. */
    async addMembers(userIDList: string[]): Promise<boolean> {
      try {
        const { data } = await chat.addGroupMember({ groupID, userIDList });
        store.put([data.group]);
        if (data.failureUserIDList.length > 0) showErrorToast(chat, new Error(t('userNotExist')), t('addFailed'));
        if (data.successUserIDList.length > 0) showSuccessToast(chat, t('membersAdded'));
        return data.failureUserIDList.length === 0;
      } catch (error) {
        showErrorToast(chat, error, t('addFailed'));
        return false;
      }
    },
    removeMembers(userIDList: string[]): Promise<boolean> {
      return attempt(() => chat.deleteGroupMember({ groupID, userIDList }), t('membersRemoved'), t('removeFailed'));
    },
    dismiss(): Promise<boolean> {
      return attempt(() => chat.dismissGroup(groupID), t('groupDismissed'), t('dismissFailed'));
    },
    quit(): Promise<boolean> {
      return attempt(() => chat.quitGroup(groupID), t('groupQuit'), t('quitFailed'));
    },
  };
}

export type GroupActions = ReturnType<typeof groupActions>;

/** UTF-8 bytes of a text (name cards are limited in bytes). */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
