import { type Group, type GroupMember, TYPES } from '@liaison/sdk';
import { useId, useState } from 'react';
import { Avatar } from '../common/Avatar';
import { useKit } from '../core/kit-context';
import { useGroupText } from '../i18n/group-text';
import { groupActions } from './group-actions';
import { type GroupAbilities, isMutedAt, memberName, outranks } from './group-rules';
import { MemberSelectDialog } from './MemberSelectDialog';
import { MuteDialog } from './MuteDialog';
import { useGroupMembers } from './use-group-members';

type Open = 'pickAdmin' | 'pickMuted' | { mute: GroupMember } | null;

export interface AdminTabProps {
  group: Group;
  abilities: GroupAbilities;
  onOpenMember(userID: string): void;
}

/**
 * Group management (owner and admins; not Work groups, spec portal.md §6): mute-all, the admins
 * (the owner makes and unmakes them), and the muted members with the mute time picker (over
 * those ranked below). Lists come from the member pages read so far (admins come first).
 */
export function AdminTab({ group, abilities, onOpenMember }: AdminTabProps) {
  const { chat, timeZone } = useKit();
  const t = useGroupText();
  const hintID = useId();
  const actions = groupActions(chat, group.groupID, t);
  const { members, hasMore, isLoading, loadMore, reload } = useGroupMembers(group.groupID);
  const [open, setOpen] = useState<Open>(null);
  const [isSwitching, setSwitching] = useState(false);
  const me = chat.getLoginUser();
  const nowMs = Date.now();
  const admins = members.filter((m) => m.role === TYPES.GRP_MBR_ROLE_ADMIN);
  const muted = members.filter((m) => isMutedAt(m.muteUntil, nowMs));
  const isBelowMe = (member: GroupMember) =>
    member.userID !== me && abilities.role !== null && outranks(abilities.role, member.role);
  const then = async (done: Promise<boolean>) => {
    if (await done) reload();
    return done;
  };

  const handleMuteAll = async () => {
    if (isSwitching) return;
    setSwitching(true);
    await actions.setMuteAll(!group.muteAllMembers);
    setSwitching(false);
  };

  return (
    <div className="lc-group-admin">
      <div className="lc-group-admin__switch">
        <span id={`${hintID}-label`} className="lc-group__section-title">
          {t('muteAll')}
        </span>
        <button
          type="button"
          role="switch"
          className="lc-group-switch"
          aria-checked={group.muteAllMembers}
          aria-labelledby={`${hintID}-label`}
          aria-describedby={hintID}
          disabled={isSwitching}
          onClick={() => void handleMuteAll()}
        >
          <span className="lc-group-switch__knob" aria-hidden="true" />
        </button>
      </div>
      <p id={hintID} className="lc-group__hint">
        {t('muteAllHint')}
      </p>

      <section className="lc-group-admin__section" aria-label={t('admins')}>
        <div className="lc-group__section-head">
          <h3 className="lc-group__section-title">{t('admins')}</h3>
          {abilities.canSetAdmins ? (
            <button type="button" className="lc-link-button" onClick={() => setOpen('pickAdmin')}>
              {t('addAdmin')}
            </button>
          ) : null}
        </div>
        {admins.length === 0 ? <p className="lc-group__note">{t('noAdmins')}</p> : null}
        <ul className="lc-group-members__list">
          {admins.map((member) => (
            <AdminRow key={member.userID} member={member} onOpen={onOpenMember}>
              {abilities.canSetAdmins ? (
                <button
                  type="button"
                  className="lc-link-button"
                  onClick={() => void then(actions.setAdmin(member.userID, memberName(member), false))}
                >
                  {t('cancelAdmin')}
                </button>
              ) : null}
            </AdminRow>
          ))}
        </ul>
      </section>

      <section className="lc-group-admin__section" aria-label={t('mutedMembers')}>
        <div className="lc-group__section-head">
          <h3 className="lc-group__section-title">{t('mutedMembers')}</h3>
          <button type="button" className="lc-link-button" onClick={() => setOpen('pickMuted')}>
            {t('muteMember')}
          </button>
        </div>
        {muted.length === 0 ? <p className="lc-group__note">{t('noMuted')}</p> : null}
        <ul className="lc-group-members__list">
          {muted.map((member) => (
            <AdminRow key={member.userID} member={member} onOpen={onOpenMember}>
              <span className="lc-group__hint">
                {t('mutedUntil', { time: new Date(member.muteUntil * 1000).toLocaleString(undefined, { timeZone }) })}
              </span>
              {isBelowMe(member) ? (
                <button
                  type="button"
                  className="lc-link-button"
                  onClick={() => void then(actions.setMute(member.userID, 0))}
                >
                  {t('unmute')}
                </button>
              ) : null}
            </AdminRow>
          ))}
        </ul>
        {hasMore ? (
          <button type="button" className="lc-link-button lc-group__more" disabled={isLoading} onClick={loadMore}>
            {isLoading ? t('loading') : t('loadMore')}
          </button>
        ) : null}
      </section>

      {open === 'pickAdmin' ? (
        <MemberSelectDialog
          groupID={group.groupID}
          title={t('selectAdmin')}
          isMultiple={false}
          isSelectable={(member) => member.role === TYPES.GRP_MBR_ROLE_MEMBER}
          onConfirm={([member]) => {
            setOpen(null);
            if (member) void then(actions.setAdmin(member.userID, memberName(member), true));
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'pickMuted' ? (
        <MemberSelectDialog
          groupID={group.groupID}
          title={t('selectMuted')}
          isMultiple={false}
          isSelectable={(member) => isBelowMe(member) && !isMutedAt(member.muteUntil, Date.now())}
          onConfirm={([member]) => setOpen(member ? { mute: member } : null)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open !== null && typeof open === 'object' ? (
        <MuteDialog
          name={memberName(open.mute)}
          onMute={(seconds) => then(actions.setMute(open.mute.userID, seconds))}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}

function AdminRow({
  member,
  onOpen,
  children,
}: {
  member: GroupMember;
  onOpen(userID: string): void;
  children: React.ReactNode;
}) {
  const t = useGroupText();
  const name = memberName(member);
  return (
    <li className="lc-group-admin__row">
      <button
        type="button"
        className="lc-group-member"
        aria-label={t('openMember', { name })}
        onClick={() => onOpen(member.userID)}
      >
        <Avatar url={member.avatar} size={32} />
        <bdi className="lc-group__name">{name}</bdi>
      </button>
      {children}
    </li>
  );
}
