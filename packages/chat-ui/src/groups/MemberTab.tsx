import type { Group } from '@liaison/sdk';
import { Avatar } from '../common/Avatar';
import { useKit } from '../core/kit-context';
import { useGroupText } from '../i18n/group-text';
import { memberName } from './group-rules';
import { MemberBadges } from './MemberBadges';
import { useGroupMembers } from './use-group-members';

/**
 * Every member, 100 a page (owner, admins, then members by join time), with their role and mute;
 * choosing one opens their profile.
 */
export function MemberTab({ group, onOpenMember }: { group: Group; onOpenMember(userID: string): void }) {
  const { chat } = useKit();
  const t = useGroupText();
  const { members, hasMore, isLoading, hasFailed, loadMore } = useGroupMembers(group.groupID);
  const me = chat.getLoginUser();
  const nowMs = Date.now();
  return (
    <section className="lc-group-members" aria-label={t('membersTitle', { count: group.memberCount })}>
      <h3 className="lc-group__section-title">{t('membersTitle', { count: group.memberCount })}</h3>
      <ul className="lc-group-members__list">
        {members.map((member) => (
          <li key={member.userID}>
            <button type="button" className="lc-group-member" onClick={() => onOpenMember(member.userID)}>
              <Avatar url={member.avatar} size={32} />
              <bdi className="lc-group__name">{memberName(member)}</bdi>
              {member.userID === me ? <span className="lc-group__hint">{t('me')}</span> : null}
              <MemberBadges member={member} nowMs={nowMs} />
            </button>
          </li>
        ))}
      </ul>
      {hasFailed ? (
        <p className="lc-group__note" role="alert">
          {t('loadMembersFailed')}
        </p>
      ) : null}
      {isLoading && members.length === 0 ? (
        <p className="lc-group__note" role="status">
          {t('loading')}
        </p>
      ) : null}
      {hasMore ? (
        <button type="button" className="lc-link-button lc-group__more" disabled={isLoading} onClick={loadMore}>
          {isLoading ? t('loading') : t('loadMore')}
        </button>
      ) : null}
    </section>
  );
}
