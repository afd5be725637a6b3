import { type GroupMember, TYPES } from '@liaison/sdk';
import { useGroupText } from '../i18n/group-text';
import { isMutedAt } from './group-rules';

/** A member's role (owner or admin; nothing for a plain member) and whether they are muted now. */
export function MemberBadges({ member, nowMs }: { member: GroupMember; nowMs: number }) {
  const t = useGroupText();
  return (
    <>
      {member.role === TYPES.GRP_MBR_ROLE_OWNER ? (
        <span className="lc-group__badge lc-group__badge--owner">{t('roleOwner')}</span>
      ) : null}
      {member.role === TYPES.GRP_MBR_ROLE_ADMIN ? <span className="lc-group__badge">{t('roleAdmin')}</span> : null}
      {isMutedAt(member.muteUntil, nowMs) ? (
        <span className="lc-group__badge lc-group__badge--muted">{t('muted')}</span>
      ) : null}
    </>
  );
}

/** The role's name in the UI language. */
export function useRoleName(): (role: GroupMember['role']) => string {
  const t = useGroupText();
  return (role) => t(role === 'Owner' ? 'roleOwner' : role === 'Admin' ? 'roleAdmin' : 'roleMember');
}
