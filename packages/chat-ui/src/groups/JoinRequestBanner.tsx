import { useState } from 'react';
import { useGroupText } from '../i18n/group-text';
import { groupAbilities } from './group-rules';
import { JoinRequestDrawer } from './JoinRequestDrawer';
import { useGroup } from './use-group';
import { useJoinRequests } from './use-join-requests';
import './group.css';

/**
 * The join-request banner of a group chat (spec chat.md §2): for the owner and admins, the count
 * of requests waiting and 'handle', which opens the drawer to agree or reject them.
 */
export function JoinRequestBanner({ groupID }: { groupID: string }) {
  const t = useGroupText();
  const group = useGroup(groupID);
  const isManager = group ? groupAbilities(group).isManager : false;
  const { applications, drop } = useJoinRequests(groupID, isManager);
  const [isOpen, setOpen] = useState(false);
  const count = applications.length;
  if (count === 0 && !isOpen) return null;
  return (
    <>
      {count > 0 ? (
        <div className="lc-join-banner" role="status">
          <span>{t('joinRequests', { count })}</span>
          <button type="button" className="lc-join-banner__handle" onClick={() => setOpen(true)}>
            {t('handle')}
          </button>
        </div>
      ) : null}
      {isOpen ? (
        <JoinRequestDrawer applications={applications} onHandled={drop} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
