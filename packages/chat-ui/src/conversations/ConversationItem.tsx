import { type Conversation, TYPES } from '@liaison/sdk';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../common/Avatar';
import { replaceEmojiTags } from '../common/emoji/emoji-names';
import type { Point } from '../common/menu-position';
import { contextMenuPoint, useLongPress } from '../common/use-long-press';
import type { Remarks } from '../core/display-name';
import { useKit } from '../core/kit-context';
import { type RowActivity, rowActivity, useCommunitySummary } from './community-row';
import {
  type AbstractPart,
  atLabels,
  badgeText,
  conversationAvatar,
  conversationName,
  lastMessageAbstract,
  unreadMark,
} from './conversation-display';
import { formatConversationTime } from './format-conversation-time';
import { Isolated } from './Isolated';
import { label, userText } from './message-abstract';
import { OnlineDot } from './presence/OnlineDot';
import { useOnlineStatus } from './presence/use-online-status';
import { useConversationText } from './use-conversation-text';
import './conversation.css';

export interface ConversationItemProps {
  conversation: Conversation;
  isActive: boolean;
  /** A community's topic open under this row, whose unread the row leaves out (it is being read). */
  openTopicID?: string | null;
  /** The draft to show ('' for none): the list leaves it out for the open conversation. */
  draft: string;
  /** The current day (any time in it), for the row's time. */
  today: number;
  /** The logged-in user, to word "you revoked a message". */
  me: string;
  /** My remarks for my friends, to name the sender of a group's last message. */
  remarks: Remarks;
  onSelect(conversationID: string): void;
  /** Right-click, the context-menu key or a long press: open the action menu at `point`. */
  onOpenMenu(conversationID: string, point: Point): void;
}

/**
 * One row of the conversation list: avatar, name, time, last message (or draft), @-labels and the
 * unread mark. A button, so it is reachable and usable by keyboard; memoised on its conversation
 * object, which the SDK replaces only when it changes.
 */
export const ConversationItem = memo(function ConversationItem({
  conversation,
  isActive,
  openTopicID = null,
  draft,
  today,
  me,
  remarks,
  onSelect,
  onOpenMenu,
}: ConversationItemProps) {
  const t = useConversationText();
  const { i18n } = useTranslation();
  const { conversationID } = conversation;
  const name = conversationName(conversation);
  // The open conversation is being read: a message arriving there is no news, even for the moment
  // before the server has marked it read. An open community's other topics still are.
  const summary = useCommunitySummary(conversation, isActive ? openTopicID : null);
  const activity = rowActivity(isActive ? { ...conversation, unreadCount: 0 } : conversation, summary);
  const mark = isActive && !summary ? 'none' : rowMark(activity, conversation.isMuted);
  const at = atLabels({ type: conversation.type, groupAtInfoList: activity.groupAtInfoList }, t);
  const { displayOnlineStatus = false, timeZone } = useKit();
  const time = formatConversationTime(activity.lastTime, today, t, timeZone);
  const topic = activity.latestTopic;
  const abstract: AbstractPart[] = topic
    ? [
        label('#'),
        userText(topic.name),
        label(' '),
        ...lastMessageAbstract(
          { type: TYPES.CONV_GROUP, lastMessage: topic.lastMessage },
          me,
          t,
          i18n.language,
          remarks,
        ),
      ]
    : lastMessageAbstract(conversation, me, t, i18n.language, remarks);
  const rowRef = useRef<HTMLButtonElement>(null);
  // spec §4: online dots for one-to-one conversations only, when the display-online-status setting is on.
  const peerID =
    displayOnlineStatus && conversation.type === TYPES.CONV_C2C
      ? (conversation.userProfile?.userID ?? conversationID.slice(TYPES.CONV_C2C.length))
      : null;
  const online = useOnlineStatus(peerID, rowRef);

  const touch = useLongPress((point) => onOpenMenu(conversationID, point));

  const handleContextMenu = (event: React.MouseEvent<HTMLButtonElement>) => {
    const point = contextMenuPoint(event);
    if (point) onOpenMenu(conversationID, point);
  };

  const className = [
    'lc-conv-item',
    isActive && 'lc-conv-item--active',
    conversation.isPinned && 'lc-conv-item--pinned',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li className="lc-conv-item__row">
      <button
        ref={rowRef}
        type="button"
        className={className}
        data-conversation-id={conversationID}
        aria-current={isActive ? 'true' : undefined}
        onClick={() => onSelect(conversationID)}
        onContextMenu={handleContextMenu}
        {...touch}
      >
        <span className="lc-conv-item__avatar">
          <Avatar url={conversationAvatar(conversation)} isGroup={conversation.type === TYPES.CONV_GROUP} />
          {online ? <OnlineDot status={online} /> : null}
        </span>
        <span className="lc-conv-item__main">
          <span className="lc-conv-item__top">
            <span className="lc-conv-item__name">
              <bdi>{name}</bdi>
            </span>
            <span className="lc-conv-item__time">{time}</span>
          </span>
          <span className="lc-conv-item__bottom">
            <span className="lc-conv-item__abstract">
              {draft ? <span className="lc-conv-item__label">{t('draft')}</span> : null}
              {!draft && at ? <span className="lc-conv-item__label">{at}</span> : null}
              {!draft && conversation.lastMessage.status === 'fail' ? (
                <span
                  className="lc-conv-item__failed"
                  role="img"
                  aria-label={t('lastSendFailed')}
                  title={t('lastSendFailed')}
                >
                  !
                </span>
              ) : null}
              {draft ? <bdi>{replaceEmojiTags(draft, i18n.language)}</bdi> : <Isolated parts={abstract} />}
            </span>
            {conversation.isPinned ? <span className="lc-conv-sr-only">{t('pinned')}</span> : null}
            {conversation.isMuted ? <MutedIcon label={t('muted')} /> : null}
          </span>
        </span>
        {mark === 'count' ? (
          <span className="lc-conv-item__badge">
            <span aria-hidden="true">{badgeText(activity.unreadCount)}</span>
            <span className="lc-conv-sr-only">{t('unreadCount', { count: activity.unreadCount })}</span>
          </span>
        ) : null}
        {mark === 'dot' ? (
          <span className="lc-conv-item__dot">
            <span className="lc-conv-sr-only">{t('unreadMuted')}</span>
          </span>
        ) : null}
      </button>
    </li>
  );
});

/** A number, or a dot when the conversation is muted or only quiet topics have unread messages. */
function rowMark(activity: RowActivity, isMuted: boolean): 'none' | 'dot' | 'count' {
  const mark = unreadMark({ unreadCount: activity.unreadCount, isMuted });
  return mark === 'none' && activity.hasQuietUnread ? 'dot' : mark;
}

function MutedIcon({ label }: { label: string }) {
  return (
    <span className="lc-conv-item__muted">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M8 2a4 4 0 0 0-4 4v3L2.5 11h11L12 9V6a4 4 0 0 0-4-4zm-1.5 10.5a1.5 1.5 0 0 0 3 0z M2 2l12 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.3"
        />
      </svg>
      <span className="lc-conv-sr-only">{label}</span>
    </span>
  );
}
