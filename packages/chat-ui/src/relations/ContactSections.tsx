import { TYPES } from '@liaison/sdk';
import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { Avatar } from '../common/Avatar';
import { ResultRow } from '../common/ResultRow';
import type { ContactsState } from '../core/contacts-store';
import { useKit } from '../core/kit-context';
import { useContacts } from '../core/use-contacts';
import { useContactsText } from '../i18n/contacts-text';
import { type ContactTarget, friendName, friendSummary, personName } from './contact-model';
import { handleListKeys } from './list-navigation';

export type SectionName = 'applications' | 'friends' | 'groups' | 'blacklist';

export interface ContactSectionsProps {
  /** Shown to the user: only then are the requests in an open section read. */
  isActive: boolean;
  open: ReadonlySet<SectionName>;
  onToggle(name: SectionName): void;
  selectedKey: string | null;
  onSelect(target: ContactTarget): void;
}

const whole = (state: ContactsState) => state;

/**
 * The collapsible sections of the contact list (spec portal.md §2): friend applications (with the
 * unread count; opening the section marks them read), my friends, my groups and the blocked list,
 * each live from the SDK. Each header is a button with aria-expanded; arrow keys move between the
 * headers and rows.
 */
export function ContactSections({ isActive, open, onToggle, selectedKey, onSelect }: ContactSectionsProps) {
  const { chat } = useKit();
  const t = useContactsText();
  const state = useContacts(whole);
  const isApplicationsOpen = isActive && open.has('applications');
  const isMarking = useRef(false);

  // The user sees the requests while the section is open: they are read, new ones as they come.
  useEffect(() => {
    if (!isApplicationsOpen || state.unreadApplications === 0 || isMarking.current) return;
    isMarking.current = true;
    void chat
      .setFriendApplicationRead()
      .catch(() => undefined)
      .finally(() => {
        isMarking.current = false;
      });
  }, [chat, isApplicationsOpen, state.unreadApplications]);

  const collator = useMemo(() => new Intl.Collator(), []);
  const friends = useMemo(
    () => [...state.friends].sort((a, b) => collator.compare(friendName(a), friendName(b))),
    [state.friends, collator],
  );
  const row = (key: string, target: ContactTarget, avatar: ReactNode, name: string, detail?: string) => (
    <ResultRow
      block="lc-contacts__item"
      isNavItem
      key={key}
      isSelected={selectedKey === key}
      avatar={avatar}
      name={name}
      detail={detail}
      onChoose={() => onSelect(target)}
    />
  );

  return (
    <nav className="lc-contacts__sections" aria-label={t('listLabel')} onKeyDown={handleListKeys}>
      <Section
        title={t('sectionApplications')}
        count={state.applications.length}
        badge={state.unreadApplications > 0 ? t('unreadApplications', { count: state.unreadApplications }) : null}
        badgeText={String(state.unreadApplications)}
        isOpen={isApplicationsOpen}
        onToggle={() => onToggle('applications')}
        empty={t('emptyApplications')}
      >
        {state.applications.map((application) =>
          row(
            `user:${application.userID}`,
            {
              kind: 'user',
              userID: application.userID,
              summary: { userID: application.userID, nick: application.nick, avatar: application.avatar },
            },
            <Avatar url={application.avatar} size={32} />,
            personName(application),
            application.type === TYPES.SNS_APPLICATION_SENT_TO_ME
              ? application.wording || t('applicationToMe')
              : t('applicationByMe'),
          ),
        )}
      </Section>
      <Section
        title={t('sectionFriends')}
        count={friends.length}
        isOpen={open.has('friends')}
        onToggle={() => onToggle('friends')}
        empty={t('emptyFriends')}
      >
        {friends.map((friend) =>
          row(
            `user:${friend.userID}`,
            { kind: 'user', userID: friend.userID, summary: friendSummary(friend) },
            <Avatar url={friend.profile.avatar} size={32} />,
            friendName(friend),
          ),
        )}
      </Section>
      <Section
        title={t('sectionGroups')}
        count={state.groups.length}
        isOpen={open.has('groups')}
        onToggle={() => onToggle('groups')}
        empty={t('emptyGroups')}
      >
        {state.groups.map((group) =>
          row(
            `group:${group.groupID}`,
            { kind: 'group', groupID: group.groupID, group },
            <Avatar url={group.avatar} size={32} isGroup />,
            group.name || group.groupID,
          ),
        )}
      </Section>
      <Section
        title={t('sectionBlacklist')}
        count={state.blacklist.length}
        isOpen={open.has('blacklist')}
        onToggle={() => onToggle('blacklist')}
        empty={t('emptyBlacklist')}
      >
        {state.blacklist.map((userID) => {
          const profile = state.blockedProfiles.get(userID);
          return row(
            `user:${userID}`,
            { kind: 'user', userID, ...(profile ? { summary: profile } : {}) },
            <Avatar url={profile?.avatar} size={32} />,
            profile ? personName(profile) : userID,
          );
        })}
      </Section>
    </nav>
  );
}

interface SectionProps {
  title: string;
  count: number;
  /** The unread badge's words for assistive technology, or null without one. */
  badge?: string | null;
  badgeText?: string;
  isOpen: boolean;
  onToggle(): void;
  empty: string;
  children: ReactNode;
}

function Section({ title, count, badge = null, badgeText, isOpen, onToggle, empty, children }: SectionProps) {
  const t = useContactsText();
  const listID = useId();
  return (
    <section className="lc-contacts__section">
      <h3 className="lc-contacts__section-title">
        <button
          type="button"
          data-nav-item
          className="lc-contacts__section-toggle"
          aria-expanded={isOpen}
          aria-controls={listID}
          onClick={onToggle}
        >
          <span className="lc-contacts__chevron" aria-hidden="true" />
          <span className="lc-contacts__section-name">{title}</span>
          {/* The unread badge takes the count's place while there is one. */}
          {badge ? (
            <span className="lc-contacts__badge">
              <span aria-hidden="true">{badgeText}</span>
              <span className="lc-contacts-sr-only">{badge}</span>
            </span>
          ) : (
            <span className="lc-contacts__count">{t('sectionCount', { count })}</span>
          )}
        </button>
      </h3>
      <div id={listID} hidden={!isOpen}>
        {count === 0 ? (
          <p className="lc-contacts__note">{empty}</p>
        ) : (
          <ul className="lc-contacts__items" aria-label={title}>
            {children}
          </ul>
        )}
      </div>
    </section>
  );
}
