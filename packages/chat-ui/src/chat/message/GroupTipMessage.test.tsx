// @vitest-environment jsdom
import { GroupTipOperation } from '@liaison/protocol';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messageAbstract } from '../../conversations/message-abstract';
import { createKitI18n, KIT_LANGUAGES } from '../../i18n';
import { renderInKit } from '../../test-support/render-in-kit';
import { GroupSystemNoticeMessage } from './GroupSystemNoticeMessage';
import { GroupTipMessage } from './GroupTipMessage';
import { layoutOf } from './renderer-map';
import { makeMessage, NO_SDK } from './test-messages';

afterEach(cleanup);

const tip = (
  operationType: number,
  patch: Partial<{
    userIDList: string[];
    nickList: string[];
    newGroupProfile: Record<string, string | boolean> | null;
    memberList: Array<{ userID: string; muteTime: number }>;
  }> = {},
) =>
  makeMessage('TIMGroupTipElem', {
    operatorID: 'zhang',
    operationType,
    userIDList: ['li', 'wang'],
    nickList: ['李娜', ''],
    newGroupProfile: null,
    memberNum: 3,
    ...patch,
  });

describe('GroupTipMessage', () => {
  it.each([
    [GroupTipOperation.MEMBER_JOIN, '李娜 and wang joined the group'],
    [GroupTipOperation.MEMBER_QUIT, '李娜 and wang left the group'],
    [GroupTipOperation.MEMBER_KICKED_OUT, '李娜 and wang were removed from the group'],
    [GroupTipOperation.SET_ADMIN, '李娜 and wang were made administrators'],
    [GroupTipOperation.CANCEL_ADMIN, '李娜 and wang are no longer administrators'],
  ])('words operation %i from the nicks, else the user IDs', (operation, text) => {
    renderInKit(NO_SDK, <GroupTipMessage message={tip(operation)} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('names the first ten of many people and counts the rest', () => {
    const ids = Array.from({ length: 128 }, (_, i) => `m${i}`);
    renderInKit(
      NO_SDK,
      <GroupTipMessage message={tip(GroupTipOperation.MEMBER_JOIN, { userIDList: ids, nickList: [] })} />,
    );
    expect(screen.getByText('m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, and 118 others joined the group')).toBeTruthy();
  });

  it('names the new group name on a profile change', () => {
    renderInKit(
      NO_SDK,
      <GroupTipMessage
        message={tip(GroupTipOperation.GROUP_PROFILE_UPDATED, { newGroupProfile: { name: '采购群' } })}
      />,
    );
    expect(screen.getByText('zhang changed the group name to 采购群')).toBeTruthy();
  });

  it('says who was muted, or no longer is, and who switched mute-all', () => {
    const muted = tip(GroupTipOperation.MEMBER_PROFILE_UPDATED, {
      userIDList: ['li'],
      nickList: ['李娜'],
      memberList: [{ userID: 'li', muteTime: 600 }],
    });
    renderInKit(NO_SDK, <GroupTipMessage message={muted} />);
    expect(screen.getByText('李娜 was muted')).toBeTruthy();
    cleanup();
    const unmuted = tip(GroupTipOperation.MEMBER_PROFILE_UPDATED, {
      userIDList: ['li'],
      nickList: ['李娜'],
      memberList: [{ userID: 'li', muteTime: 0 }],
    });
    renderInKit(NO_SDK, <GroupTipMessage message={unmuted} />, { language: 'zh-CN' });
    expect(screen.getByText('李娜 被取消禁言')).toBeTruthy();
    cleanup();
    const muteAll = tip(GroupTipOperation.GROUP_PROFILE_UPDATED, { newGroupProfile: { muteAllMembers: true } });
    renderInKit(NO_SDK, <GroupTipMessage message={muteAll} />, { language: 'zh-TW' });
    expect(screen.getByText('zhang 開啟了全員禁言')).toBeTruthy();
  });

  it('names the new owner of a transferred group (by ID until the nick is known)', () => {
    const transferred = tip(GroupTipOperation.GROUP_PROFILE_UPDATED, { newGroupProfile: { ownerID: 'li' } });
    renderInKit(NO_SDK, <GroupTipMessage message={transferred} />, { language: 'zh-CN' });
    expect(screen.getByText('zhang 将群主转让给 li')).toBeTruthy();
  });

  it('reads in Chinese', () => {
    renderInKit(
      NO_SDK,
      <GroupTipMessage message={tip(GroupTipOperation.MEMBER_JOIN, { userIDList: ['li'], nickList: ['李娜'] })} />,
      {
        language: 'zh-CN',
      },
    );
    expect(screen.getByText('李娜 加入了群聊')).toBeTruthy();
    cleanup();
    renderInKit(NO_SDK, <GroupTipMessage message={tip(GroupTipOperation.MEMBER_KICKED_OUT)} />, { language: 'zh-CN' });
    expect(screen.getByText('李娜和wang 被移出群聊')).toBeTruthy();
  });

  it('reads with the same words as the conversation list shows for it, in every language', () => {
    const oneName = { userIDList: ['li'], nickList: ['李娜'] };
    const tips = [
      tip(GroupTipOperation.MEMBER_JOIN, oneName),
      tip(GroupTipOperation.MEMBER_QUIT, oneName),
      tip(GroupTipOperation.MEMBER_KICKED_OUT, oneName),
      tip(GroupTipOperation.SET_ADMIN, oneName),
      tip(GroupTipOperation.CANCEL_ADMIN, oneName),
      tip(GroupTipOperation.MEMBER_PROFILE_UPDATED, { ...oneName, memberList: [{ userID: 'li', muteTime: 600 }] }),
      tip(GroupTipOperation.MEMBER_PROFILE_UPDATED, { ...oneName, memberList: [{ userID: 'li', muteTime: 0 }] }),
    ];
    for (const language of KIT_LANGUAGES) {
      const inList = createKitI18n(language).getFixedT(language, 'conversation');
      for (const message of tips) {
        const { container } = renderInKit(NO_SDK, <GroupTipMessage message={message} />, { language });
        const listed = messageAbstract(message, language, (key, options) => inList(key, options ?? {}))
          .map((part) => part.text)
          .join('');
        expect(container.textContent).toBe(listed);
        cleanup();
      }
    }
  });

  it('is centred in the list, as system notices are', () => {
    expect(layoutOf(GroupTipMessage, tip(1))).toBe('centred');
    const notice = makeMessage('TIMGroupSystemNoticeElem', {
      operationType: 5,
      operatorID: 'zhang',
      groupProfile: { groupID: 'g1', name: '采购群' },
      handleMessage: '',
    });
    expect(layoutOf(GroupSystemNoticeMessage, notice)).toBe('centred');
    renderInKit(NO_SDK, <GroupSystemNoticeMessage message={notice} />);
    expect(screen.getByText('采购群 has been dismissed')).toBeTruthy();
  });
});
