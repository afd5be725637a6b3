import { type ApplyStatus, type CooperationRequest, PortalPermission } from '@liaison/protocol';
import { Badge, Button, Select, Space, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  agreeCooperation,
  type CooperationSide,
  fetchCooperationPage,
  readCooperation,
  refuseCooperation,
} from '../../api/cooperation';
import { useHasPermi } from '../../auth/Permission';
import { feedback } from '../../base/feedback';
import { formatTime } from '../../common/format-time';
import { PagedList } from '../../common/PagedList';
import { chatPath } from '../../common/paths';
import { FilterBar } from '../common/FilterBar';
import { SearchBox } from '../common/SearchBox';
import { useOverlay } from '../common/use-overlay';
import { usePagedQuery } from '../common/use-paged-query';
import { CooperationDetail } from './cooperation/CooperationDetail';
import { APPLY_STATUS_OPTIONS, APPLY_STATUS_TEXT } from './cooperation/cooperation-text';
import './cooperation/cooperation.css';

/**
 * The cooperation inbox and outbox: requests addressed to my enterprise (answer them here) and
 * those I sent (see the answers). Unread ones carry a dot; opening one marks it read.
 */
export function CooperationPage() {
  const mayHandle = useHasPermi([PortalPermission.COOPERATION_HANDLE]);
  const [side, setSide] = useState<CooperationSide>(mayHandle ? 'received' : 'sent');
  return (
    <section className="page">
      <h1 className="page__title">合作消息</h1>
      <Tabs
        activeKey={side}
        onChange={(key) => setSide(key as CooperationSide)}
        items={[...(mayHandle ? [{ key: 'received', label: '收到的申请' }] : []), { key: 'sent', label: '发出的申请' }]}
      />
      <CooperationList key={side} side={side} />
    </section>
  );
}

function CooperationList({ side }: { side: CooperationSide }) {
  const navigate = useNavigate();
  // The list is mounted afresh for each side, so `side` needs no place in the query's key.
  const { filters, filter, paged } = usePagedQuery({ applyStatus: -1, connectUserName: '' }, (query) =>
    fetchCooperationPage(side, {
      ...query,
      applyStatus: query.applyStatus >= 0 ? (query.applyStatus as ApplyStatus) : null,
    }),
  );
  const detail = useOverlay<CooperationRequest>();
  const [isBusy, setBusy] = useState(false);

  const isUnread = (row: CooperationRequest) => (side === 'received' ? !row.readed : !row.fromReaded);

  async function handleOpen(row: CooperationRequest) {
    detail.open(row);
    if (!isUnread(row)) return;
    const show = detail.change();
    try {
      show((await readCooperation(side, row.id)).data);
      void paged.reload();
    } catch {
      // The request layer showed why; the drawer still shows the row as listed.
    }
  }

  async function handleAnswer(row: CooperationRequest, answer: 'agree' | 'refuse') {
    setBusy(true);
    const show = detail.change();
    try {
      const result = answer === 'agree' ? await agreeCooperation(row.id) : await refuseCooperation(row.id);
      feedback.message.success(result.msg);
      show(result.data.request);
      void paged.reload();
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setBusy(false);
    }
  }

  const otherName = (row: CooperationRequest) => (
    <span className="cooperation__party">
      <span>{row.otherUserName || '—'}</span>
      {row.otherEnterpriseName && <span className="cooperation__enterprise">{row.otherEnterpriseName}</span>}
    </span>
  );
  const abilityName = (row: CooperationRequest) => (
    <Space size={6}>
      {isUnread(row) && <Badge status="error" role="img" aria-label="未读" />}
      <Button type="link" className="cooperation__open" onClick={() => handleOpen(row)}>
        {row.productName || row.subject}
      </Button>
    </Space>
  );
  const statusTag = (row: CooperationRequest) => (
    <Tag color={APPLY_STATUS_TEXT[row.applyStatus].color}>{APPLY_STATUS_TEXT[row.applyStatus].label}</Tag>
  );
  // One key for either action: the button stays the same element when an answer turns 处理 into
  // 去聊天, so the drawer opened from it can give the focus back to it.
  const rowAction = (row: CooperationRequest) =>
    row.applyStatus === 1 && row.otherUserId ? (
      <Button key="action" type="link" size="small" onClick={() => navigate(chatPath(row.otherUserId))}>
        去聊天
      </Button>
    ) : (
      <Button key="action" type="link" size="small" onClick={() => handleOpen(row)}>
        {side === 'received' && row.applyStatus === 0 ? '处理' : '查看'}
      </Button>
    );

  const columns: ColumnsType<CooperationRequest> = [
    { title: '能力', key: 'ability', render: (_, row) => abilityName(row) },
    { title: side === 'received' ? '申请人' : '企业', key: 'other', render: (_, row) => otherName(row) },
    { title: '合作需求', dataIndex: 'message', ellipsis: true },
    { title: '状态', key: 'status', width: 90, render: (_, row) => statusTag(row) },
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (ms: number) => formatTime(ms) },
    { title: '操作', key: 'actions', width: 90, render: (_, row) => rowAction(row) },
  ];

  const emptyText =
    filters.applyStatus >= 0 || filters.connectUserName
      ? '没有符合条件的合作申请'
      : side === 'received'
        ? '还没有收到合作申请'
        : '还没有发出合作申请';

  return (
    <>
      <FilterBar>
        <Select
          aria-label="申请状态"
          value={filters.applyStatus}
          options={APPLY_STATUS_OPTIONS}
          onChange={(applyStatus) => filter({ applyStatus })}
        />
        <SearchBox
          label="搜索对方名称"
          placeholder={side === 'received' ? '搜索申请人、企业或联系人' : '搜索企业名称'}
          onSearch={(connectUserName) => filter({ connectUserName })}
        />
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        emptyText={emptyText}
        failedText="合作申请加载失败"
        columns={columns}
        card={(row) => ({
          title: (
            <Space wrap size={4}>
              {abilityName(row)}
              {statusTag(row)}
            </Space>
          ),
          description: (
            <>
              {otherName(row)}
              <div className="cooperation__snippet">{row.message}</div>
              <div>{formatTime(row.createdAt)}</div>
            </>
          ),
          actions: [rowAction(row)],
        })}
        cardClassName="cooperation__card"
      />
      <CooperationDetail
        side={side}
        request={detail.subject}
        isOpen={detail.isOpen}
        isBusy={isBusy}
        onClose={detail.close}
        afterClose={detail.clear}
        onAgree={(row) => handleAnswer(row, 'agree')}
        onRefuse={(row) => handleAnswer(row, 'refuse')}
        onChat={(row) => navigate(chatPath(row.otherUserId))}
      />
    </>
  );
}
