import { useState } from 'react';
import type { Point } from '../common/menu-position';
import { PopupMenu } from '../common/PopupMenu';
import type { TopicChannel } from '../core/topic-store';
import './topics.css';
import { useTopicText } from '../i18n/topic-text';
import { type TopicEdit, TopicEditDialog, topicMenuItems, useCanManageTopics } from './TopicEditDialog';

/** The open topic's menu in its chat header (rename, delete), for the community's owner and admins only. */
export function TopicActionsButton({ channel }: { channel: TopicChannel }) {
  const t = useTopicText();
  const canManage = useCanManageTopics(channel.groupID);
  const [point, setPoint] = useState<Point | null>(null);
  const [edit, setEdit] = useState<TopicEdit | null>(null);
  if (!canManage) return null;
  return (
    <>
      <button
        type="button"
        className="lc-icon-button lc-topic-actions"
        aria-label={t('topicActions')}
        aria-haspopup="menu"
        aria-expanded={point !== null}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          setPoint({ x: rect.right - 160, y: rect.bottom });
        }}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10" cy="4" r="1.6" fill="currentColor" />
          <circle cx="10" cy="10" r="1.6" fill="currentColor" />
          <circle cx="10" cy="16" r="1.6" fill="currentColor" />
        </svg>
      </button>
      {point ? (
        <PopupMenu
          label={t('topicActionsFor', { name: channel.name })}
          point={point}
          onClose={() => setPoint(null)}
          items={topicMenuItems(channel, t, setEdit)}
        />
      ) : null}
      {edit ? <TopicEditDialog groupID={channel.groupID} edit={edit} onClose={() => setEdit(null)} /> : null}
    </>
  );
}
