import {
  OFFICIAL_SERVICE_LIMITS,
  type OfficialServiceApplication,
  type OfficialServiceFollowUp,
  type OfficialServiceStatus,
} from '@liaison/protocol';
import { Button, Drawer, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { fetchApplications, followUpApplication } from '../../../api/operations';
import { feedback } from '../../../base/feedback';
import { formatTime } from '../../../common/format-time';
import { useIsPhone } from '../../../common/use-is-phone';
import { DetailList } from '../../common/DetailList';
import { usePagedQuery } from '../../common/use-paged-query';
import { NoteModal } from './NoteModal';
import { StatusQueue } from './StatusQueue';
import { ALL, type StatusFilter } from './status-filter';

const APPLICATION_STATUS: Record<OfficialServiceStatus, { label: string; color: string }> = {
  0: { label: '待联系', color: 'processing' },
  1: { label: '已联系', color: 'success' },
  2: { label: '已关闭', color: 'default' },
};

/** What each follow-up is called, on its buttons and in its dialog's title. */
const FOLLOW_UP: Record<OfficialServiceFollowUp['status'], string> = {
  1: '标记已联系',
  2: '关闭申请',
};

type FollowingUp = { application: OfficialServiceApplication; status: OfficialServiceFollowUp['status'] };

/** Official-service applications, 待联系 first in view: read one, mark it contacted or close it with a note. */
export function ApplicationsTab() {
  const query = usePagedQuery<{ status: StatusFilter<OfficialServiceStatus> }, OfficialServiceApplication>(
    { status: 0 },
    ({ status, ...page }) => fetchApplications({ status: status === ALL ? undefined : status, ...page }),
  );
  const [viewing, setViewing] = useState<OfficialServiceApplication | null>(null);
  const [followingUp, setFollowingUp] = useState<FollowingUp | null>(null);
  const isPhone = useIsPhone();

  async function handleSubmit(note: string) {
    if (!followingUp) return;
    const { msg } = await followUpApplication(followingUp.application.id, { status: followingUp.status, note });
    feedback.message.success(msg);
    setFollowingUp(null);
    setViewing(null);
    await query.paged.reload();
  }

  /** A new application may be contacted or closed; a contacted one closed; a closed one nothing. */
  const followUpButtons = (row: OfficialServiceApplication) => {
    const allowed: Array<OfficialServiceFollowUp['status']> = row.status === 0 ? [1, 2] : row.status === 1 ? [2] : [];
    return allowed.map((status) => (
      <Button
        key={status}
        type="link"
        danger={status === 2}
        onClick={() => setFollowingUp({ application: row, status })}
      >
        {FOLLOW_UP[status]}
      </Button>
    ));
  };
  const actions = (row: OfficialServiceApplication) => [
    <Button key="view" type="link" onClick={() => setViewing(row)}>
      查看
    </Button>,
    ...followUpButtons(row),
  ];
  const statusTag = (row: OfficialServiceApplication) => (
    <Tag color={APPLICATION_STATUS[row.status].color}>{APPLICATION_STATUS[row.status].label}</Tag>
  );

  const columns: ColumnsType<OfficialServiceApplication> = [
    { title: '企业名称', dataIndex: 'company', key: 'company' },
    { title: '服务类型', dataIndex: 'serviceType', key: 'serviceType' },
    { title: '联系人', key: 'contact', render: (_, row) => `${row.contactName}（${row.mobile}）`, responsive: ['md'] },
    { title: '提交时间', key: 'createdAt', render: (_, row) => formatTime(row.createdAt), responsive: ['lg'] },
    { title: '状态', key: 'status', render: (_, row) => statusTag(row) },
    { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  return (
    <>
      <StatusQueue
        label="申请状态"
        statuses={APPLICATION_STATUS}
        query={query}
        columns={columns}
        status={statusTag}
        card={(row) => ({
          title: row.company,
          description: `${row.serviceType} · ${row.contactName}（${row.mobile}） · ${formatTime(row.createdAt)}`,
          actions: actions(row),
        })}
        emptyText="暂无官方服务申请"
        failedText="官方服务申请加载失败"
      />
      <Drawer
        open={viewing !== null}
        title="官方服务申请详情"
        size={isPhone ? '100%' : 520}
        onClose={() => setViewing(null)}
        extra={viewing && <Space size={0}>{followUpButtons(viewing)}</Space>}
      >
        {viewing && <ApplicationDetail application={viewing} />}
      </Drawer>
      <NoteModal
        request={
          followingUp && {
            title: `${FOLLOW_UP[followingUp.status]}「${followingUp.application.company}」`,
            label: '跟进备注',
            okText: FOLLOW_UP[followingUp.status],
            maxLength: OFFICIAL_SERVICE_LIMITS.note,
          }
        }
        onCancel={() => setFollowingUp(null)}
        onSubmit={handleSubmit}
      />
    </>
  );
}

function ApplicationDetail({ application }: { application: OfficialServiceApplication }) {
  return (
    <DetailList
      items={[
        { key: 'company', label: '企业名称', children: application.company },
        { key: 'service', label: '服务类型', children: application.serviceType },
        { key: 'contact', label: '联系人', children: application.contactName },
        { key: 'mobile', label: '手机号', children: application.mobile },
        {
          key: 'content',
          label: '需求描述',
          children: <span className="operations__text">{application.content}</span>,
        },
        { key: 'applicant', label: '申请账号', children: application.userId ?? '未登录申请' },
        { key: 'created', label: '提交时间', children: formatTime(application.createdAt) },
        { key: 'status', label: '状态', children: APPLICATION_STATUS[application.status].label },
        ...(application.status !== 0
          ? [
              {
                key: 'note',
                label: '跟进备注',
                children: <span className="operations__text">{application.note}</span>,
              },
              { key: 'follower', label: '跟进人', children: application.followerName || '—' },
              { key: 'followed', label: '跟进时间', children: formatTime(application.followedAt) },
            ]
          : []),
      ]}
    />
  );
}
