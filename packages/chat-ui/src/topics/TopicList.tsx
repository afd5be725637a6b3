import { TYPES } from '@liaison/sdk';
import { memo, type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Point } from '../common/menu-position';
import { PopupMenu } from '../common/PopupMenu';
import { contextMenuPoint, useLongPress } from '../common/use-long-press';
import { atLabels, badgeText, lastMessageAbstract } from '../conversations/conversation-display';
import { formatConversationTime } from '../conversations/format-conversation-time';
import { Isolated } from '../conversations/Isolated';
import { useConversationText } from '../conversations/use-conversation-text';
import { useToday } from '../conversations/use-today';
import { groupConversationID } from '../core/conversation-group';
import { useRemarks } from '../core/display-name';
import { useKit } from '../core/kit-context';
import { type TopicChannel, topicStoreOf } from '../core/topic-store';
import { useGroup } from '../groups/use-group';
import { useTopicText } from '../i18n/topic-text';
import { handleListKeys } from '../relations/list-navigation';
import { type TopicEdit, TopicEditDialog, topicMenuItems, useCanManageTopics } from './TopicEditDialog';
import { useTopicChannels } from './use-topics';
import '../conversations/conversation.css';
import './topics.css';

export interface TopicListProps {
  /** The community (it supports topics). */
  groupID: string;
  /** The topic whose chat is open, if any. */
  activeTopicID: string | null;
  /** Opens a topic's conversation (`GROUP<topicID>`). */
  onOpen(conversationID: string): void;
  /** Phones: back to the conversation list. */
  onBack?(): void;
  /** Buttons at the end of the header (the community's settings). */
  headerEnd?: ReactNode;
  /** Under the header (the community's join requests). */
  banner?: ReactNode;
}

/**
 * A community's topics as channels (Tencent's community topics; Discord's and Slack's channel
 * list): the community's name, each topic with its name, last message, time, @-mentions and
 * unread count, newest activity anywhere, created order kept. A row is a button: click, tap, or
 * the arrow keys and Enter. The owner and admins create topics (the button above the list) and
 * rename or delete them from a row's menu (right-click, the context-menu key or a long press).
 * Beside the topic's chat on desktop; the whole screen on phones, with a back button.
 */
export function TopicList({ groupID, activeTopicID, onOpen, onBack, headerEnd, banner }: TopicListProps) {
  const { chat } = useKit();
  const t = useTopicText();
  const group = useGroup(groupID);
  const { status, channels } = useTopicChannels(groupID);
  const canManage = useCanManageTopics(groupID);
  const [edit, setEdit] = useState<TopicEdit | null>(null);
  const [menu, setMenu] = useState<{ topicID: string; point: Point } | null>(null);
  const today = useToday();
  const me = chat.getLoginUser();
  const remarks = useRemarks();

  const latest = useRef(onOpen);
  latest.current = onOpen;
  const handleSelect = useCallback((conversationID: string) => latest.current(conversationID), []);
  const handleOpenMenu = useCallback((topicID: string, point: Point) => setMenu({ topicID, point }), []);
  const menuChannel = menu ? channels.find((channel) => channel.topicID === menu.topicID) : undefined;

  return (
    <section className="lc-topics" aria-labelledby={`lc-topics-${groupID}`}>
      <header className="lc-topics__header">
        {onBack ? (
          <button type="button" className="lc-icon-button" aria-label={t('back')} onClick={onBack}>
            ‹
          </button>
        ) : null}
        <h2 id={`lc-topics-${groupID}`} className="lc-topics__title">
          <bdi>{group?.name || groupID}</bdi>
        </h2>
        {headerEnd}
      </header>
      {banner}
      {canManage ? (
        <button type="button" className="lc-topics__create" onClick={() => setEdit({ kind: 'create' })}>
          <span aria-hidden="true">+</span> {t('createTopic')}
        </button>
      ) : null}
      {status === 'failed' && channels.length === 0 ? (
        <p className="lc-topics__note" role="alert">
          {t('loadFailed')}{' '}
          <button type="button" className="lc-link-button" onClick={() => void topicStoreOf(chat).load(groupID)}>
            {t('retry')}
          </button>
        </p>
      ) : status !== 'ready' && channels.length === 0 ? (
        <p className="lc-topics__note" role="status">
          {t('loading')}
        </p>
      ) : channels.length === 0 ? (
        <p className="lc-topics__note">{canManage ? t('emptyManager') : t('empty')}</p>
      ) : (
        <ul className="lc-topics__items" aria-label={t('listLabel')} onKeyDown={handleListKeys}>
          {channels.map((channel) => (
            <TopicRow
              key={channel.topicID}
              channel={channel}
              isActive={channel.topicID === activeTopicID}
              today={today}
              me={me}
              remarks={remarks}
              canManage={canManage}
              onSelect={handleSelect}
              onOpenMenu={handleOpenMenu}
            />
          ))}
        </ul>
      )}
      {menu && menuChannel ? (
        <PopupMenu
          label={t('topicActionsFor', { name: menuChannel.name })}
          point={menu.point}
          onClose={() => setMenu(null)}
          items={topicMenuItems(menuChannel, t, setEdit)}
        />
      ) : null}
      {edit ? (
        <TopicEditDialog
          groupID={groupID}
          edit={edit}
          onClose={() => setEdit(null)}
          onCreated={(topicID) => onOpen(groupConversationID(topicID))}
        />
      ) : null}
    </section>
  );
}

interface TopicRowProps {
  channel: TopicChannel;
  isActive: boolean;
  today: number;
  me: string;
  remarks: ReturnType<typeof useRemarks>;
  canManage: boolean;
  onSelect(conversationID: string): void;
  onOpenMenu(topicID: string, point: Point): void;
}

/** One topic: '#', name, time, @-labels and last message, and the unread badge (a dot when it does not notify). */
const TopicRow = memo(function TopicRow({
  channel,
  isActive,
  today,
  me,
  remarks,
  canManage,
  onSelect,
  onOpenMenu,
}: TopicRowProps) {
  const tc = useConversationText();
  const { i18n } = useTranslation();
  const { timeZone } = useKit();
  const { topicID, conversationID } = channel;
  const last = channel.lastMessage;
  const time = last.lastTime > 0 ? formatConversationTime(last.lastTime, today, tc, timeZone) : '';
  const abstract = lastMessageAbstract({ type: TYPES.CONV_GROUP, lastMessage: last }, me, tc, i18n.language, remarks);
  // The open topic is being read: a message arriving there is no news.
  const unread = isActive ? 0 : channel.unreadCount;
  const at = isActive ? '' : atLabels({ type: TYPES.CONV_GROUP, groupAtInfoList: channel.groupAtInfoList }, tc);
  const touch = useLongPress((point) => onOpenMenu(topicID, point));
  // Only the owner and admins have a menu; for others the browser's own stays.
  const handleContextMenu = (event: React.MouseEvent<HTMLButtonElement>) => {
    if (!canManage) return;
    const point = contextMenuPoint(event);
    if (point) onOpenMenu(topicID, point);
  };
  const className = [
    'lc-conv-item',
    'lc-topic-item',
    isActive && 'lc-conv-item--active',
    unread > 0 && 'lc-topic-item--unread',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className="lc-conv-item__row">
      <button
        type="button"
        className={className}
        data-topic-id={topicID}
        data-nav-item
        aria-current={isActive ? 'true' : undefined}
        onClick={() => onSelect(conversationID)}
        onContextMenu={handleContextMenu}
        {...(canManage ? touch : {})}
      >
        <span className="lc-topic-item__hash" aria-hidden="true">
          #
        </span>
        <span className="lc-conv-item__main">
          <span className="lc-conv-item__top">
            <span className="lc-conv-item__name">
              <bdi>{channel.name}</bdi>
            </span>
            <span className="lc-conv-item__time">{time}</span>
          </span>
          {abstract.length > 0 || at ? (
            <span className="lc-conv-item__abstract">
              {at ? <span className="lc-conv-item__label">{at}</span> : null}
              <Isolated parts={abstract} />
            </span>
          ) : null}
        </span>
        {unread > 0 && !channel.isMuted ? (
          <span className="lc-conv-item__badge lc-topic-item__mark">
            <span aria-hidden="true">{badgeText(unread)}</span>
            <span className="lc-conv-sr-only">{tc('unreadCount', { count: unread })}</span>
          </span>
        ) : null}
        {unread > 0 && channel.isMuted ? (
          <span className="lc-conv-item__dot lc-topic-item__mark">
            <span className="lc-conv-sr-only">{tc('unreadMuted')}</span>
          </span>
        ) : null}
      </button>
    </li>
  );
});
