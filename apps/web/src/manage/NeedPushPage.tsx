import { PortalPermission } from '@liaison/protocol';
import { Tabs } from 'antd';
import { useHasPermi } from '../auth/Permission';
import { EnterpriseOnly } from './common/access';
import { MyNeeds } from './statistics/MyNeeds';
import { PushedNeeds } from './statistics/PushedNeeds';
import './statistics/statistics.css';

/** 需求推送: needs pushed to me (matching my abilities) and my own needs. */
export function NeedPushPage() {
  const mayView = useHasPermi([PortalPermission.NEED_VIEW]);
  if (!mayView) return <EnterpriseOnly title="需求推送" what="需求推送" />;
  return (
    <section className="page">
      <h1 className="page__title">需求推送</h1>
      <Tabs
        items={[
          { key: 'pushed', label: '推送给我', children: <PushedNeeds /> },
          { key: 'mine', label: '我的需求', children: <MyNeeds /> },
        ]}
      />
    </section>
  );
}
