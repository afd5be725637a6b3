import type { BetaApplication, EnterpriseApplication, ReviewStatus } from '@liaison/protocol';
import { Button, Drawer, Image, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  decideBeta,
  decideEnterprise,
  fetchBetaApplications,
  fetchEnterpriseApplications,
  type ReviewQuery,
} from '../../api/admin';
import type { Page } from '../../api/page';
import { feedback } from '../../base/feedback';
import { AdminOnly } from '../common/access';
import { ConfirmButton } from '../common/ConfirmButton';
import { DetailList } from '../common/DetailList';
import { FilterBar } from '../common/FilterBar';
import './admin-pages.css';
import { formatTime } from '../../common/format-time';
import { PagedList } from '../../common/PagedList';
import { runAction } from '../common/run-action';
import { SearchBox } from '../common/SearchBox';
import { TabsPage } from '../common/TabsPage';
import { usePagedQuery } from '../common/use-paged-query';
import { RejectModal } from './RejectModal';

const STATUS_TEXT: Record<ReviewStatus, { text: string; color: string }> = {
  0: { text: '待审核', color: 'processing' },
  1: { text: '已通过', color: 'success' },
  2: { text: '已驳回', color: 'error' },
};
const STATUS_OPTIONS = [
  { value: -1, label: '全部状态' },
  { value: 0, label: '待审核' },
  { value: 1, label: '已通过' },
  { value: 2, label: '已驳回' },
];

/** Platform admins review beta applications and enterprise material (spec §2 userCenter/review). */
export function ReviewPage() {
  return (
    <AdminOnly title="审核管理">
      <TabsPage
        title="审核管理"
        tabs={[
          { key: 'beta', label: '内测申请', children: <BetaReviews /> },
          { key: 'enterprise', label: '企业认证', children: <EnterpriseReviews /> },
        ]}
      />
    </AdminOnly>
  );
}

/** A review list with its status and keyword filters; the status starts at "pending" (-1: all). */
function useReviewList<T>(fetchPage: (query: ReviewQuery) => Promise<{ data: Page<T> }>) {
  const { filters, filter, paged } = usePagedQuery({ status: 0, keyword: '' }, ({ status, keyword, ...page }) =>
    fetchPage({ status: status < 0 ? undefined : (status as ReviewStatus), keyword: keyword || undefined, ...page }),
  );
  const filterBar = (
    <FilterBar>
      <Select
        aria-label="审核状态"
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => filter({ status })}
      />
      <SearchBox label="搜索申请人" placeholder="名称或手机号" onSearch={(keyword) => filter({ keyword })} />
    </FilterBar>
  );
  return { filterBar, paged };
}

/** A decision's status, with when it was made and, for a rejection, why. */
function Decision({ status, reviewedAt, reason }: { status: ReviewStatus; reviewedAt: number | null; reason: string }) {
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={STATUS_TEXT[status].color}>{STATUS_TEXT[status].text}</Tag>
      {status !== 0 && reviewedAt !== null && <span className="review__reason">{formatTime(reviewedAt)}</span>}
      {reason && <span className="review__reason">原因：{reason}</span>}
    </Space>
  );
}

function BetaReviews() {
  const { filterBar, paged } = useReviewList(fetchBetaApplications);
  const [rejecting, setRejecting] = useState<BetaApplication | null>(null);

  function handleApprove(row: BetaApplication) {
    return runAction(decideBeta(row.userId, { approve: true }), paged.reload);
  }

  async function handleReject(reason: string) {
    if (!rejecting) return;
    const { msg } = await decideBeta(rejecting.userId, { approve: false, reason });
    feedback.message.success(msg);
    setRejecting(null);
    await paged.reload();
  }

  const columns: ColumnsType<BetaApplication> = [
    { title: '申请人', dataIndex: 'nickName', key: 'nickName' },
    { title: '手机号', dataIndex: 'mobile', key: 'mobile', responsive: ['sm'] },
    { title: '申请时间', key: 'appliedAt', render: (_, row) => formatTime(row.appliedAt), responsive: ['md'] },
    {
      title: '状态',
      key: 'status',
      render: (_, row) => <Decision status={row.status} reviewedAt={row.reviewedAt} reason={row.rejectReason} />,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) =>
        row.status === 0 ? (
          <DecisionButtons
            name={row.nickName}
            onApprove={() => handleApprove(row)}
            onReject={() => setRejecting(row)}
          />
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      {filterBar}
      <PagedList
        {...paged}
        rowKey="userId"
        columns={columns}
        emptyText="暂无内测申请"
        failedText="内测申请加载失败"
        sizeChanger
        scrollX
      />
      <RejectModal
        applicant={rejecting?.nickName ?? null}
        onCancel={() => setRejecting(null)}
        onReject={handleReject}
      />
    </>
  );
}

function EnterpriseReviews() {
  const { filterBar, paged } = useReviewList(fetchEnterpriseApplications);
  const [rejecting, setRejecting] = useState<EnterpriseApplication | null>(null);
  const [viewing, setViewing] = useState<EnterpriseApplication | null>(null);

  function handleApprove(row: EnterpriseApplication) {
    return runAction(decideEnterprise(row.userId, { approve: true }), () => {
      setViewing(null);
      return paged.reload();
    });
  }

  async function handleReject(reason: string) {
    if (!rejecting) return;
    const { msg } = await decideEnterprise(rejecting.userId, { approve: false, reason });
    feedback.message.success(msg);
    setRejecting(null);
    setViewing(null);
    await paged.reload();
  }

  const columns: ColumnsType<EnterpriseApplication> = [
    { title: '企业名称', key: 'name', render: (_, row) => row.enterprise.enterpriseName },
    { title: '申请人', key: 'applicant', render: (_, row) => `${row.nickName}（${row.mobile}）`, responsive: ['md'] },
    {
      title: '提交时间',
      key: 'submittedAt',
      render: (_, row) => formatTime(row.enterprise.submittedAt),
      responsive: ['lg'],
    },
    {
      title: '状态',
      key: 'status',
      render: (_, row) => (
        <Decision status={row.enterprise.status} reviewedAt={row.reviewedAt} reason={row.enterprise.rejectReason} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Button type="link" onClick={() => setViewing(row)}>
          查看材料
        </Button>
      ),
    },
  ];

  return (
    <>
      {filterBar}
      <PagedList
        {...paged}
        rowKey="userId"
        columns={columns}
        emptyText="暂无企业认证申请"
        failedText="企业认证申请加载失败"
        sizeChanger
        scrollX
      />
      <Drawer
        open={viewing !== null}
        title="企业认证材料"
        size="large"
        onClose={() => setViewing(null)}
        extra={
          viewing?.enterprise.status === 0 && (
            <DecisionButtons
              name={viewing.enterprise.enterpriseName}
              onApprove={() => handleApprove(viewing)}
              onReject={() => setRejecting(viewing)}
            />
          )
        }
      >
        {viewing && <Material application={viewing} />}
      </Drawer>
      <RejectModal
        applicant={rejecting?.enterprise.enterpriseName ?? null}
        onCancel={() => setRejecting(null)}
        onReject={handleReject}
      />
    </>
  );
}

function Material({ application }: { application: EnterpriseApplication }) {
  const { enterprise } = application;
  const licenceUrl = enterprise.businessLicenseUrl ?? '';
  const isPicture = /\.(png|jpe?g|gif|svg)$/i.test(enterprise.businessLicense);
  return (
    <DetailList
      items={[
        { key: 'name', label: '企业名称', children: enterprise.enterpriseName },
        { key: 'code', label: '统一社会信用代码', children: enterprise.creditCode },
        { key: 'legal', label: '法定代表人', children: enterprise.legalPerson },
        { key: 'phone', label: '联系电话', children: enterprise.contactPhone },
        { key: 'address', label: '企业地址', children: enterprise.address },
        { key: 'applicant', label: '申请人', children: `${application.nickName}（${application.mobile}）` },
        { key: 'submitted', label: '提交时间', children: formatTime(enterprise.submittedAt) },
        {
          key: 'status',
          label: '状态',
          children: (
            <Decision status={enterprise.status} reviewedAt={application.reviewedAt} reason={enterprise.rejectReason} />
          ),
        },
        {
          key: 'licence',
          label: '营业执照',
          children: isPicture ? (
            <Image src={licenceUrl} alt={`${enterprise.enterpriseName}营业执照`} width={240} />
          ) : (
            <a href={licenceUrl} target="_blank" rel="noreferrer">
              打开营业执照（PDF）
            </a>
          ),
        },
      ]}
    />
  );
}

function DecisionButtons({ name, onApprove, onReject }: { name: string; onApprove: () => void; onReject: () => void }) {
  return (
    <Space>
      <ConfirmButton
        type="primary"
        size="small"
        question={`通过「${name}」的申请？`}
        okText="通过"
        onConfirm={onApprove}
      >
        通过
      </ConfirmButton>
      <Button danger size="small" onClick={onReject}>
        驳回
      </Button>
    </Space>
  );
}
