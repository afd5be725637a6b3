import type { BetaApplication, EnterpriseApplication, ReviewStatus } from '@liaison/protocol';
import { Button, Descriptions, Drawer, Image, Input, Popconfirm, Select, Space, Tabs, Tag } from 'antd';
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
import { feedback } from '../../app/feedback';
import { AdminOnly } from '../common/access';
import './admin-pages.css';
import { formatLocaleTime } from '../common/format-time';
import { PagedList } from '../common/PagedList';
import { usePagedQuery } from '../common/use-paged-query';
import { RejectModal } from './RejectModal';

const STATUS_TEXT: Record<ReviewStatus, { text: string; color: string }> = {
  0: { text: '待审核', color: 'processing' },
  1: { text: '已通过', color: 'success' },
  2: { text: '已驳回', color: 'error' },
};
const STATUS_OPTIONS = [
  { value: 0, label: '待审核' },
  { value: 1, label: '已通过' },
  { value: 2, label: '已驳回' },
  { value: -1, label: '全部' },
];

/** Platform admins review beta applications and enterprise material (spec §2 userCenter/review). */
export function ReviewPage() {
  return (
    <AdminOnly>
      <section className="page">
        <h1 className="page__title">审核管理</h1>
        <Tabs
          items={[
            { key: 'beta', label: '内测申请', children: <BetaReviews /> },
            { key: 'enterprise', label: '企业认证', children: <EnterpriseReviews /> },
          ]}
        />
      </section>
    </AdminOnly>
  );
}

/** A review list with its status and keyword filters; the status starts at "pending" (-1: all). */
function useReviewList<T>(fetchPage: (query: ReviewQuery) => Promise<{ data: Page<T> }>) {
  const { filters, filter, paged } = usePagedQuery({ status: 0, keyword: '' }, ({ status, keyword, ...page }) =>
    fetchPage({ status: status < 0 ? undefined : (status as ReviewStatus), keyword: keyword || undefined, ...page }),
  );
  const filterBar = (
    <Space wrap className="review__filters">
      <Select
        aria-label="审核状态"
        value={filters.status}
        options={STATUS_OPTIONS}
        style={{ width: 120 }}
        onChange={(status) => filter({ status })}
      />
      <Input.Search
        aria-label="搜索申请人"
        placeholder="名称或手机号"
        allowClear
        maxLength={50}
        style={{ width: 240, maxWidth: '100%' }}
        onSearch={(value) => filter({ keyword: value.trim() })}
      />
    </Space>
  );
  return { filterBar, paged };
}

function StatusTag({ status }: { status: ReviewStatus }) {
  return <Tag color={STATUS_TEXT[status].color}>{STATUS_TEXT[status].text}</Tag>;
}

function BetaReviews() {
  const { filterBar, paged } = useReviewList(fetchBetaApplications);
  const [rejecting, setRejecting] = useState<BetaApplication | null>(null);

  async function handleApprove(row: BetaApplication) {
    try {
      const { msg } = await decideBeta(row.userId, { approve: true });
      feedback.message.success(msg);
      await paged.reload();
    } catch {
      // The request layer has shown why.
    }
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
    { title: '申请时间', key: 'appliedAt', render: (_, row) => formatLocaleTime(row.appliedAt), responsive: ['md'] },
    {
      title: '状态',
      key: 'status',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <StatusTag status={row.status} />
          {row.rejectReason && <span className="review__reason">原因：{row.rejectReason}</span>}
        </Space>
      ),
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
          formatLocaleTime(row.reviewedAt)
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

  async function handleApprove(row: EnterpriseApplication) {
    try {
      const { msg } = await decideEnterprise(row.userId, { approve: true });
      feedback.message.success(msg);
      setViewing(null);
      await paged.reload();
    } catch {
      // The request layer has shown why.
    }
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
      render: (_, row) => formatLocaleTime(row.enterprise.submittedAt),
      responsive: ['lg'],
    },
    { title: '状态', key: 'status', render: (_, row) => <StatusTag status={row.enterprise.status} /> },
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
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label="企业名称">{enterprise.enterpriseName}</Descriptions.Item>
      <Descriptions.Item label="统一社会信用代码">{enterprise.creditCode}</Descriptions.Item>
      <Descriptions.Item label="法定代表人">{enterprise.legalPerson}</Descriptions.Item>
      <Descriptions.Item label="联系电话">{enterprise.contactPhone}</Descriptions.Item>
      <Descriptions.Item label="企业地址">{enterprise.address}</Descriptions.Item>
      <Descriptions.Item label="申请人">{`${application.nickName}（${application.mobile}）`}</Descriptions.Item>
      <Descriptions.Item label="提交时间">{formatLocaleTime(enterprise.submittedAt)}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <StatusTag status={enterprise.status} />
        {enterprise.rejectReason && <span className="review__reason">原因：{enterprise.rejectReason}</span>}
      </Descriptions.Item>
      <Descriptions.Item label="营业执照">
        {isPicture ? (
          <Image src={licenceUrl} alt={`${enterprise.enterpriseName}营业执照`} width={240} />
        ) : (
          <a href={licenceUrl} target="_blank" rel="noreferrer">
            打开营业执照（PDF）
          </a>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

function DecisionButtons({ name, onApprove, onReject }: { name: string; onApprove: () => void; onReject: () => void }) {
  return (
    <Space>
      <Popconfirm title={`通过「${name}」的申请？`} okText="通过" cancelText="取消" onConfirm={onApprove}>
        <Button type="primary" size="small">
          通过
        </Button>
      </Popconfirm>
      <Button danger size="small" onClick={onReject}>
        驳回
      </Button>
    </Space>
  );
}
