import { type Group, TYPES } from '@liaison/sdk';
import { useState } from 'react';
import { Avatar } from '../common/Avatar';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useKit } from '../core/kit-context';
import { useGroupText } from '../i18n/group-text';
import { EditFieldDialog } from './EditFieldDialog';
import { byteLength, groupActions, NAME_CARD_MAX_BYTES } from './group-actions';
import { type GroupAbilities, isMutedAt, memberAbilities, memberName } from './group-rules';
import { useRoleName } from './MemberBadges';
import { MuteDialog } from './MuteDialog';
import { useGroupMember } from './use-group-member';

type Open = 'mute' | 'remove' | 'owner' | 'nameCard' | null;

export interface MemberProfileTabProps {
  group: Group;
  abilities: GroupAbilities;
  /** The member chosen in the member list or the preview, if any. */
  userID: string | null;
}

/**
 * One member (spec portal.md §2 "profile"): avatar, names, ID, role, alias and mute, and what the
 * viewer may do to them: make or unmake admin (owner), mute or cancel it and remove (owner and
 * admins, over those ranked below), make owner (owner), change their alias (themselves, or someone
 * ranked above them).
 */
export function MemberProfileTab({ group, abilities, userID }: MemberProfileTabProps) {
  const { chat, timeZone } = useKit();
  const t = useGroupText();
  const roleName = useRoleName();
  const { member, reload } = useGroupMember(group.groupID, userID);
  const [open, setOpen] = useState<Open>(null);
  if (!userID) return <p className="lc-group__note">{t('chooseMember')}</p>;
  if (!member) {
    return (
      <p className="lc-group__note" role="status">
        {member === null ? t('userNotInGroup') : t('loading')}
      </p>
    );
  }
  const actions = groupActions(chat, group.groupID, t);
  const me = chat.getLoginUser();
  const can = memberAbilities(abilities, member, me);
  const name = memberName(member);
  const isMuted = isMutedAt(member.muteUntil, Date.now());
  const isAdmin = member.role === TYPES.GRP_MBR_ROLE_ADMIN;
  const then = async (done: Promise<boolean>) => {
    if (await done) reload();
  };

  return (
    <article className="lc-group-profile" aria-label={name}>
      <div className="lc-group-main__head">
        <Avatar url={member.avatar} size={56} />
        <div className="lc-group-main__identity">
          <h3 className="lc-group-main__name">
            <bdi>{name}</bdi>
          </h3>
          <p className="lc-group__hint">{roleName(member.role)}</p>
        </div>
      </div>
      <dl className="lc-group-fields">
        <div className="lc-group-fields__row">
          <dt>{t('nick')}</dt>
          <dd>{member.nick ? <bdi>{member.nick}</bdi> : t('notSet')}</dd>
        </div>
        <div className="lc-group-fields__row">
          <dt>{t('memberNameCard')}</dt>
          <dd>
            <span className="lc-group-fields__value">
              {member.nameCard ? <bdi>{member.nameCard}</bdi> : t('notSet')}
            </span>
            {can.canEditNameCard ? (
              <button
                type="button"
                className="lc-link-button"
                aria-label={t('editField', { field: t('memberNameCard') })}
                onClick={() => setOpen('nameCard')}
              >
                {t('edit')}
              </button>
            ) : null}
          </dd>
        </div>
        <div className="lc-group-fields__row">
          <dt>{t('role')}</dt>
          <dd>{roleName(member.role)}</dd>
        </div>
        {isMuted ? (
          <div className="lc-group-fields__row">
            <dt>{t('muted')}</dt>
            <dd>
              {t('mutedUntil', { time: new Date(member.muteUntil * 1000).toLocaleString(undefined, { timeZone }) })}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="lc-group-main__actions">
        {can.canSetAdmin ? (
          <button
            type="button"
            className="lc-conv-button"
            onClick={() => void then(actions.setAdmin(member.userID, name, !isAdmin))}
          >
            {t(isAdmin ? 'cancelAdmin' : 'setAdmin')}
          </button>
        ) : null}
        {can.canMute && !isMuted ? (
          <button type="button" className="lc-conv-button" onClick={() => setOpen('mute')}>
            {t('mute')}
          </button>
        ) : null}
        {can.canMute && isMuted ? (
          <button type="button" className="lc-conv-button" onClick={() => void then(actions.setMute(member.userID, 0))}>
            {t('unmute')}
          </button>
        ) : null}
        {can.canMakeOwner ? (
          <button type="button" className="lc-conv-button" onClick={() => setOpen('owner')}>
            {t('makeOwner')}
          </button>
        ) : null}
        {can.canRemove ? (
          <button type="button" className="lc-conv-button lc-group__danger" onClick={() => setOpen('remove')}>
            {t('removeMember')}
          </button>
        ) : null}
      </div>
      {open === 'mute' ? (
        <MuteDialog
          name={name}
          onMute={async (seconds) => {
            const done = await actions.setMute(member.userID, seconds);
            if (done) reload();
            return done;
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'owner' ? (
        <ConfirmDialog
          title={t('transferOwner')}
          text={t('confirmTransfer', { name })}
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            setOpen(null);
            void then(actions.transfer(member.userID, name));
          }}
        />
      ) : null}
      {open === 'remove' ? (
        <ConfirmDialog
          title={t('removeMember')}
          text={t('confirmRemove', { names: name })}
          isDanger
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            setOpen(null);
            void then(actions.removeMembers([member.userID]));
          }}
        />
      ) : null}
      {open === 'nameCard' ? (
        <EditFieldDialog
          title={t('editField', { field: t('memberNameCard') })}
          label={t('memberNameCard')}
          initial={member.nameCard}
          validate={(value) => (byteLength(value) > NAME_CARD_MAX_BYTES ? t('nameCardTooLong') : null)}
          onSave={async (value) => {
            const done = await actions.setNameCard(member.userID, value);
            if (done) reload();
            return done;
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </article>
  );
}
