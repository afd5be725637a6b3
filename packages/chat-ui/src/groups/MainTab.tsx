import type { Group, GroupMember } from '@liaison/sdk';
import { type ReactNode, useState } from 'react';
import { Avatar } from '../common/Avatar';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useKit } from '../core/kit-context';
import { type GroupTextKey, useGroupText } from '../i18n/group-text';
import { AddMembersDialog } from './AddMembersDialog';
import { EditFieldDialog } from './EditFieldDialog';
import { byteLength, groupActions, NAME_CARD_MAX_BYTES } from './group-actions';
import type { GroupPanelTab } from './group-panel-tab';
import { type GroupAbilities, memberName, outranks, previewCount } from './group-rules';
import { MemberSelectDialog } from './MemberSelectDialog';
import { useGroupMembers } from './use-group-members';

type EditableField = 'name' | 'introduction' | 'avatar' | 'nameCard';

type Open =
  | { kind: 'edit'; field: EditableField }
  | { kind: 'add' }
  | { kind: 'pickRemoved' }
  | { kind: 'confirmRemove'; members: GroupMember[] }
  | { kind: 'pickOwner' }
  | { kind: 'confirmOwner'; member: GroupMember }
  | { kind: 'dismiss' }
  | { kind: 'quit' }
  | null;

export interface MainTabProps {
  group: Group;
  abilities: GroupAbilities;
  onOpenTab(tab: GroupPanelTab): void;
  onOpenMember(userID: string): void;
  /** I am out of the group (dismissed it, or quit): the panel closes. */
  onLeft(): void;
}

/**
 * The group's main tab: its profile (name, ID, type, introduction, avatar, notice, my alias, each
 * editable by those the server lets edit it), the member preview with the add tile (Work groups)
 * and the remove tile (the owner), and transfer ownership, dismiss or quit.
 */
export function MainTab({ group, abilities, onOpenTab, onOpenMember, onLeft }: MainTabProps) {
  const { chat } = useKit();
  const t = useGroupText();
  const actions = groupActions(chat, group.groupID, t);
  const { members } = useGroupMembers(group.groupID);
  const [open, setOpen] = useState<Open>(null);
  const me = chat.getLoginUser();
  const name = group.name || group.groupID;
  const preview = members.slice(0, previewCount(group));

  const fields: Array<{ field: EditableField | null; label: GroupTextKey; value: ReactNode; canEdit: boolean }> = [
    { field: 'name', label: 'name', value: <bdi>{group.name}</bdi>, canEdit: abilities.canEditNameAndNotice },
    { field: null, label: 'groupID', value: group.groupID, canEdit: false },
    { field: null, label: 'groupType', value: t(`type${group.type}` as GroupTextKey), canEdit: false },
    {
      field: 'introduction',
      label: 'introduction',
      value: group.introduction ? <bdi>{group.introduction}</bdi> : t('notSet'),
      canEdit: abilities.canEditProfile,
    },
    {
      field: 'avatar',
      label: 'avatar',
      value: <Avatar url={group.avatar} size={28} isGroup />,
      canEdit: abilities.canEditProfile,
    },
    {
      field: 'nameCard',
      label: 'nameCard',
      value: group.selfInfo?.nameCard ? <bdi>{group.selfInfo.nameCard}</bdi> : t('notSet'),
      canEdit: true,
    },
  ];

  const finishLeaving = async (leave: () => Promise<boolean>) => {
    setOpen(null);
    if (await leave()) onLeft();
  };

  return (
    <div className="lc-group-main">
      <div className="lc-group-main__head">
        <Avatar url={group.avatar} size={56} isGroup />
        <div className="lc-group-main__identity">
          <h3 className="lc-group-main__name">
            <bdi>{name}</bdi>
          </h3>
          <p className="lc-group__hint">{t(`type${group.type}` as GroupTextKey)}</p>
        </div>
      </div>

      <dl className="lc-group-fields">
        {fields.map(({ field, label, value, canEdit }) => (
          <div key={label} className="lc-group-fields__row">
            <dt>{t(label)}</dt>
            <dd>
              <span className="lc-group-fields__value">{value}</span>
              {field && canEdit ? (
                <button
                  type="button"
                  className="lc-link-button"
                  aria-label={t('editField', { field: t(label) })}
                  onClick={() => setOpen({ kind: 'edit', field })}
                >
                  {t('edit')}
                </button>
              ) : null}
            </dd>
          </div>
        ))}
        <div className="lc-group-fields__row">
          <dt>{t('notification')}</dt>
          <dd>
            <span className="lc-group-fields__value lc-group-fields__notice">
              {group.notification ? <bdi>{group.notification}</bdi> : t('noticeEmpty')}
            </span>
            <button
              type="button"
              className="lc-link-button"
              aria-label={abilities.canEditNameAndNotice ? t('editField', { field: t('notification') }) : undefined}
              onClick={() => onOpenTab('notification')}
            >
              {abilities.canEditNameAndNotice ? t('edit') : t('tabNotification')}
            </button>
          </dd>
        </div>
      </dl>

      <section className="lc-group-main__members" aria-label={t('membersPreview')}>
        <div className="lc-group__section-head">
          <h3 className="lc-group__section-title">{t('membersTitle', { count: group.memberCount })}</h3>
          <button type="button" className="lc-link-button" onClick={() => onOpenTab('member')}>
            {t('viewAllMembers')}
          </button>
        </div>
        <ul className="lc-group-preview">
          {preview.map((member) => (
            <li key={member.userID}>
              <button
                type="button"
                className="lc-group-preview__item"
                aria-label={t('openMember', { name: memberName(member) })}
                onClick={() => onOpenMember(member.userID)}
              >
                <Avatar url={member.avatar} size={40} />
                <bdi className="lc-group-preview__name" aria-hidden="true">
                  {memberName(member)}
                </bdi>
              </button>
            </li>
          ))}
          {abilities.canAddMembers ? (
            <li>
              <button
                type="button"
                className="lc-group-preview__item"
                aria-label={t('addMembers')}
                onClick={() => setOpen({ kind: 'add' })}
              >
                <span className="lc-group-preview__tile" aria-hidden="true">
                  +
                </span>
              </button>
            </li>
          ) : null}
          {abilities.hasRemoveTile ? (
            <li>
              <button
                type="button"
                className="lc-group-preview__item"
                aria-label={t('removeMembers')}
                onClick={() => setOpen({ kind: 'pickRemoved' })}
              >
                <span className="lc-group-preview__tile" aria-hidden="true">
                  −
                </span>
              </button>
            </li>
          ) : null}
        </ul>
      </section>

      <div className="lc-group-main__actions">
        {abilities.canTransfer ? (
          <button type="button" className="lc-conv-button" onClick={() => setOpen({ kind: 'pickOwner' })}>
            {t('transferOwner')}
          </button>
        ) : null}
        {abilities.canDismiss ? (
          <button
            type="button"
            className="lc-conv-button lc-group__danger"
            onClick={() => setOpen({ kind: 'dismiss' })}
          >
            {t('dismissGroup')}
          </button>
        ) : null}
        {abilities.canQuit ? (
          <button type="button" className="lc-conv-button lc-group__danger" onClick={() => setOpen({ kind: 'quit' })}>
            {t('quitGroup')}
          </button>
        ) : null}
      </div>

      {open?.kind === 'edit' ? (
        <FieldDialog field={open.field} group={group} actions={actions} me={me} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'add' ? (
        <AddMembersDialog onAdd={(userIDs) => actions.addMembers(userIDs)} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'pickRemoved' ? (
        <MemberSelectDialog
          groupID={group.groupID}
          title={t('removeMembers')}
          isMultiple
          isSelectable={(member) =>
            member.userID !== me && abilities.role !== null && outranks(abilities.role, member.role)
          }
          onConfirm={(chosen) => setOpen({ kind: 'confirmRemove', members: chosen })}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'confirmRemove' ? (
        <ConfirmDialog
          title={t('removeMembers')}
          text={t('confirmRemove', { names: open.members.map(memberName).join(t('listSeparator')) })}
          isDanger
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            setOpen(null);
            void actions.removeMembers(open.members.map((m) => m.userID));
          }}
        />
      ) : null}
      {open?.kind === 'pickOwner' ? (
        <MemberSelectDialog
          groupID={group.groupID}
          title={t('selectNewOwner')}
          isMultiple={false}
          isSelectable={(member) => member.userID !== me}
          onConfirm={([member]) => member && setOpen({ kind: 'confirmOwner', member })}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'confirmOwner' ? (
        <ConfirmDialog
          title={t('transferOwner')}
          text={t('confirmTransfer', { name: memberName(open.member) })}
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            setOpen(null);
            void actions.transfer(open.member.userID, memberName(open.member));
          }}
        />
      ) : null}
      {open?.kind === 'dismiss' ? (
        <ConfirmDialog
          title={t('dismissGroup')}
          text={t('confirmDismiss', { name })}
          isDanger
          onCancel={() => setOpen(null)}
          onConfirm={() => void finishLeaving(actions.dismiss)}
        />
      ) : null}
      {open?.kind === 'quit' ? (
        <ConfirmDialog
          title={t('quitGroup')}
          text={t('confirmQuit', { name })}
          isDanger
          onCancel={() => setOpen(null)}
          onConfirm={() => void finishLeaving(actions.quit)}
        />
      ) : null}
    </div>
  );
}

/** The edit dialog of one field, with the spec's checks (name not empty, alias ≤ 50 bytes, http(s) avatar). */
function FieldDialog({
  field,
  group,
  actions,
  me,
  onClose,
}: {
  field: EditableField;
  group: Group;
  actions: ReturnType<typeof groupActions>;
  me: string;
  onClose(): void;
}) {
  const t = useGroupText();
  switch (field) {
    case 'name':
      return (
        <EditFieldDialog
          title={t('editField', { field: t('name') })}
          label={t('name')}
          initial={group.name}
          hint={t('nameHint')}
          onSave={actions.rename}
          onClose={onClose}
        />
      );
    case 'introduction':
      return (
        <EditFieldDialog
          title={t('editField', { field: t('introduction') })}
          label={t('introduction')}
          initial={group.introduction}
          isMultiline
          onSave={actions.setIntroduction}
          onClose={onClose}
        />
      );
    case 'avatar':
      return (
        <EditFieldDialog
          title={t('editField', { field: t('avatar') })}
          label={t('avatarURL')}
          initial={group.avatar}
          hint={t('avatarHint')}
          validate={(value) => (value === '' || /^https?:\/\/\S+$/i.test(value.trim()) ? null : t('avatarInvalid'))}
          onSave={(value) => actions.setAvatar(value.trim())}
          onClose={onClose}
        />
      );
    case 'nameCard':
      return (
        <EditFieldDialog
          title={t('editField', { field: t('nameCard') })}
          label={t('nameCard')}
          initial={group.selfInfo?.nameCard ?? ''}
          validate={(value) => (byteLength(value) > NAME_CARD_MAX_BYTES ? t('nameCardTooLong') : null)}
          onSave={(value) => actions.setNameCard(me, value)}
          onClose={onClose}
        />
      );
  }
}
