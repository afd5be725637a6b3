import { PortalPermission } from '@liaison/protocol';
import { useHasPermi } from '../auth/Permission';
import { EnterpriseOnly } from './common/access';
import { TabsPage } from './common/TabsPage';
import { MyNeeds } from './statistics/MyNeeds';
import { PushedNeeds } from './statistics/PushedNeeds';
import './statistics/statistics.css';

/** 需求推送: needs pushed to me (matching my abilities) and my own needs. */
export function NeedPushPage() {
  const mayView = useHasPermi([PortalPermission.NEED_VIEW]);
  if (!mayView) return <EnterpriseOnly title="需求推送" what="需求推送" />;
  return (
    <TabsPage
      title="需求推送"
      tabs={[
        { key: 'pushed', label: '推送给我', children: <PushedNeeds /> },
        { key: 'mine', label: '我的需求', children: <MyNeeds /> },
      ]}
    />
  );
}
