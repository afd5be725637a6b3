import type { Group, GroupMember } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { groupAbilities, memberAbilities, memberName, previewCount, silenceOf } from './group-rules';

function group(type: Group['type'], role: GroupMember['role'] | null, patch: Partial<Group> = {}): Group {
  return {
    groupID: 'g1',
    name: 'G',
    type,
    avatar: '',
    introduction: '',
    notification: '',
    ownerID: 'owner',
    createTime: 0,
    memberCount: 3,
    maxMemberCount: 6000,
    joinOption: 'NeedPermission',
    muteAllMembers: false,
    isSupportTopic: false,
    groupCustomField: [],
    infoSequence: 1,
    lastInfoTime: 0,
    nextMessageSeq: 1,
    lastMessage: { lastTime: 0, lastSequence: 0, fromAccount: '', messageForShow: '' },
    selfInfo: role
      ? { userID: 'me', role, joinTime: 0, messageRemindType: 'AcceptAndNotify', nameCard: '', muteTime: 0 }
      : null,
    ...patch,
  };
}

function member(userID: string, role: GroupMember['role'], patch: Partial<GroupMember> = {}): GroupMember {
  return {
    userID,
    nick: '',
    avatar: '',
    role,
    joinTime: 0,
    nameCard: '',
    muteUntil: 0,
    memberCustomField: [],
    markList: [],
    ...patch,
  };
}

describe('what the group panel offers', () => {
  it('gives the owner of a Public group dismiss, transfer, remove, mute, admins and the management tab, but no add tile', () => {
    const owner = groupAbilities(group('Public', 'Owner'));
    expect(owner).toMatchObject({
      canDismiss: true,
      canQuit: false,
      canTransfer: true,
      canRemoveMembers: true,
      hasRemoveTile: true,
      canMuteMembers: true,
      canSetAdmins: true,
      hasAdminTab: true,
      canAddMembers: false,
      canEditNameAndNotice: true,
    });
  });

  it('lets a plain member of a Public group only quit and set their own alias', () => {
    const plain = groupAbilities(group('Public', 'Member'));
    expect(plain).toMatchObject({
      canDismiss: false,
      canQuit: true,
      canTransfer: false,
      canRemoveMembers: false,
      hasRemoveTile: false,
      canMuteMembers: false,
      hasAdminTab: false,
      canEditNameAndNotice: false,
      canEditProfile: false,
    });
    expect(memberAbilities(plain, member('me', 'Member'), 'me').canEditNameCard).toBe(true);
    expect(memberAbilities(plain, member('ben', 'Member'), 'me')).toEqual({
      canRemove: false,
      canMute: false,
      canSetAdmin: false,
      canMakeOwner: false,
      canEditNameCard: false,
    });
  });

  it('in a Work group: every member adds and renames, nobody is muted member by member, the owner quits instead of dismissing', () => {
    const plain = groupAbilities(group('Private', 'Member'));
    expect(plain).toMatchObject({ canAddMembers: true, canEditNameAndNotice: true, canMuteMembers: false });
    const owner = groupAbilities(group('Private', 'Owner'));
    expect(owner).toMatchObject({ canDismiss: false, canQuit: true, hasAdminTab: false, canMuteMembers: false });
  });

  it('lets an admin act on members only, never on the owner or another admin, and never set admins', () => {
    const admin = groupAbilities(group('Public', 'Admin'));
    expect(memberAbilities(admin, member('ben', 'Member'), 'me')).toMatchObject({ canRemove: true, canMute: true });
    expect(memberAbilities(admin, member('ann', 'Admin'), 'me')).toMatchObject({ canRemove: false, canMute: false });
    expect(memberAbilities(admin, member('owner', 'Owner'), 'me')).toMatchObject({ canRemove: false, canMute: false });
    expect(memberAbilities(admin, member('ben', 'Member'), 'me').canSetAdmin).toBe(false);
  });

  it('offers no transfer with a single member, and no removal or transfer in a live group', () => {
    expect(groupAbilities(group('Public', 'Owner', { memberCount: 1 })).canTransfer).toBe(false);
    const live = groupAbilities(group('AVChatRoom', 'Owner'));
    expect(live).toMatchObject({ canTransfer: false, canRemoveMembers: false, hasRemoveTile: false });
  });

  it('previews 3 avatars, plus 1 for groups that are not Work, plus 1 for non-owners', () => {
    expect(previewCount(group('Private', 'Owner'))).toBe(3);
    expect(previewCount(group('Public', 'Owner'))).toBe(4);
    expect(previewCount(group('Private', 'Member'))).toBe(4);
    expect(previewCount(group('Public', 'Admin'))).toBe(5);
  });

  it('names a member by alias, then nick, then ID', () => {
    expect(memberName(member('u1', 'Member', { nick: 'Nick', nameCard: 'Card' }))).toBe('Card');
    expect(memberName(member('u1', 'Member', { nick: 'Nick' }))).toBe('Nick');
    expect(memberName(member('u1', 'Member'))).toBe('u1');
  });
});

describe('when I may not speak', () => {
  const now = 1_700_000_000_000;
  const withSelf = (role: GroupMember['role'], muteTime: number, muteAllMembers = false) => {
    const g = group('Public', role, { muteAllMembers });
    return { ...g, selfInfo: g.selfInfo && { ...g.selfInfo, muteTime } };
  };

  it('is muted while the mute lies in the future, and free once it has passed', () => {
    expect(silenceOf(withSelf('Member', now / 1000 + 60), now)).toBe('muted');
    expect(silenceOf(withSelf('Member', now / 1000 - 1), now)).toBeNull();
  });

  it('is silenced by mute-all as a plain member only, never as the owner or an admin', () => {
    expect(silenceOf(withSelf('Member', 0, true), now)).toBe('mutedAll');
    expect(silenceOf(withSelf('Admin', 0, true), now)).toBeNull();
    expect(silenceOf(withSelf('Owner', 0, true), now)).toBeNull();
    expect(silenceOf(null, now)).toBeNull();
  });
});
