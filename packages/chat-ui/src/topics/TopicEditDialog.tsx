import { ConfirmDialog } from '../common/ConfirmDialog';
import type { PopupMenuItem } from '../common/PopupMenu';
import { useKit } from '../core/kit-context';
import type { TopicChannel } from '../core/topic-store';
import { EditFieldDialog } from '../groups/EditFieldDialog';
import { groupAbilities } from '../groups/group-rules';
import { useGroup } from '../groups/use-group';
import { type TopicT, useTopicText } from '../i18n/topic-text';
import { createTopic, deleteTopic, renameTopic, topicNameProblem } from './topic-actions';

/** What the owner or an admin is doing to the community's topics. */
export type TopicEdit =
  | { kind: 'create' }
  | { kind: 'rename'; channel: TopicChannel }
  | { kind: 'delete'; channel: TopicChannel };

/** Whether I may create, rename and delete the community's topics: its owner and admins (the server decides). */
export function useCanManageTopics(groupID: string): boolean {
  const group = useGroup(groupID);
  return group ? groupAbilities(group).isManager : false;
}

/** A topic's menu for its managers: rename, delete. */
export function topicMenuItems(channel: TopicChannel, t: TopicT, onEdit: (edit: TopicEdit) => void): PopupMenuItem[] {
  return [
    { key: 'rename', label: t('rename'), onSelect: () => onEdit({ kind: 'rename', channel }) },
    { key: 'delete', label: t('delete'), isDanger: true, onSelect: () => onEdit({ kind: 'delete', channel }) },
  ];
}

/** The name dialog that creates or renames a topic, or the question before deleting one. */
export function TopicEditDialog(props: {
  groupID: string;
  edit: TopicEdit;
  onClose(): void;
  /** A topic was created (it is then opened). */
  onCreated?(topicID: string): void;
}) {
  const { groupID, edit, onClose, onCreated } = props;
  const { chat } = useKit();
  const t = useTopicText();
  if (edit.kind === 'delete') {
    const { topicID, name } = edit.channel;
    return (
      <ConfirmDialog
        title={t('deleteTitle')}
        text={t('deleteText', { name })}
        isDanger
        onCancel={onClose}
        onConfirm={() => {
          onClose();
          void deleteTopic(chat, groupID, topicID, t);
        }}
      />
    );
  }
  const renamed = edit.kind === 'rename' ? edit.channel : null;
  return (
    <EditFieldDialog
      title={renamed ? t('renameTitle') : t('createTitle')}
      label={t('nameLabel')}
      initial={renamed?.name ?? ''}
      submitLabel={renamed ? t('save') : t('create')}
      validate={(value) => topicNameProblem(value, t)}
      onSave={async (value) => {
        if (renamed) return renameTopic(chat, groupID, renamed.topicID, value, t);
        const topicID = await createTopic(chat, groupID, value, t);
        if (topicID) onCreated?.(topicID);
        return topicID !== null;
      }}
      onClose={onClose}
    />
  );
}
