import { useId, useState } from 'react';
import { SidePanel } from '../common/SidePanel';
import { useKit } from '../core/kit-context';
import { type GroupTextKey, useGroupText } from '../i18n/group-text';
import { AdminTab } from './AdminTab';
import type { GroupPanelTab } from './group-panel-tab';
import { groupAbilities } from './group-rules';
import { MainTab } from './MainTab';
import { MemberProfileTab } from './MemberProfileTab';
import { MemberTab } from './MemberTab';
import { NotificationTab } from './NotificationTab';
import { useGroup } from './use-group';
import '../common/tabs.css';
import './group.css';

const TAB_LABELS: Record<GroupPanelTab, GroupTextKey> = {
  main: 'tabMain',
  member: 'tabMember',
  profile: 'tabProfile',
  notification: 'tabNotification',
  admin: 'tabAdmin',
};

export interface GroupPanelProps {
  groupID: string;
  onClose(): void;
}

/**
 * Manage group (spec portal.md §2 "Group screens"): tabs main, member, profile (one member),
 * notification and admin (management: mute-all, admins, muted members; for the owner and admins
 * of groups that are not Work groups). A side drawer beside the chat on desktop, the whole screen
 * on phones (with back). It holds the keyboard while open; Escape closes it. Every button is
 * offered only to the roles the server would allow (group-rules.ts).
 */
export function GroupPanel({ groupID, onClose }: GroupPanelProps) {
  const { isH5 } = useKit();
  const t = useGroupText();
  const group = useGroup(groupID);
  const titleID = useId();
  const idBase = useId();
  const [tab, setTab] = useState<GroupPanelTab>('main');
  const [memberID, setMemberID] = useState<string | null>(null);
  const abilities = group ? groupAbilities(group) : null;
  const tabs: GroupPanelTab[] = ['main', 'member', 'profile', 'notification'];
  if (abilities?.hasAdminTab) tabs.push('admin');
  const current = tabs.includes(tab) ? tab : 'main';
  const tabID = (name: GroupPanelTab) => `${idBase}-tab-${name}`;
  const panelID = `${idBase}-panel`;

  const openMember = (userID: string) => {
    setMemberID(userID);
    setTab('profile');
  };

  const handleTabKeys = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
    const at = tabs.indexOf(current);
    let next: number | undefined;
    if (step !== undefined) next = (at + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const name = next === undefined ? undefined : tabs[next];
    if (!name) return;
    event.preventDefault();
    setTab(name);
    document.getElementById(tabID(name))?.focus();
  };

  return (
    <SidePanel className="lc-group-panel" isH5={isH5} titleID={titleID} onClose={onClose}>
      <header className="lc-group-panel__header">
        {isH5 && (
          <button type="button" className="lc-icon-button" aria-label={t('back')} onClick={onClose}>
            ‹
          </button>
        )}
        <h2 id={titleID} className="lc-side-panel__title lc-group-panel__title">
          {t('panelTitle')}
        </h2>
        {!isH5 && (
          <button type="button" className="lc-icon-button" aria-label={t('close')} onClick={onClose}>
            ×
          </button>
        )}
      </header>
      <div className="lc-group-panel__tabs" role="tablist" aria-label={t('tabsLabel')} onKeyDown={handleTabKeys}>
        {tabs.map((name) => (
          <button
            key={name}
            id={tabID(name)}
            type="button"
            role="tab"
            aria-selected={name === current}
            aria-controls={panelID}
            tabIndex={name === current ? 0 : -1}
            data-autofocus={name === current ? true : undefined}
            className={`lc-group-panel__tab lc-tab${name === current ? ' lc-tab--chosen' : ''}`}
            onClick={() => setTab(name)}
          >
            {t(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      <div id={panelID} className="lc-group-panel__body" role="tabpanel" aria-labelledby={tabID(current)}>
        {!group || !abilities ? (
          <p className="lc-group__note" role="status">
            {t('loading')}
          </p>
        ) : current === 'main' ? (
          <MainTab group={group} abilities={abilities} onOpenTab={setTab} onOpenMember={openMember} onLeft={onClose} />
        ) : current === 'member' ? (
          <MemberTab group={group} onOpenMember={openMember} />
        ) : current === 'profile' ? (
          <MemberProfileTab group={group} abilities={abilities} userID={memberID} />
        ) : current === 'notification' ? (
          <NotificationTab group={group} abilities={abilities} />
        ) : (
          <AdminTab group={group} abilities={abilities} onOpenMember={openMember} />
        )}
      </div>
    </SidePanel>
  );
}
