import { REPORT_LIMITS, type ReportRow, type ReportStatus } from '@liaison/protocol';
import { Button, Drawer, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { fetchReports, handleReport } from '../../../api/operations';
import { feedback } from '../../../base/feedback';
import { formatTime } from '../../../common/format-time';
import { useIsPhone } from '../../../common/use-is-phone';
import { DetailList } from '../../common/DetailList';
import { usePagedQuery } from '../../common/use-paged-query';
import { NoteModal } from './NoteModal';
import { StatusQueue } from './StatusQueue';
import { ALL, type StatusFilter } from './status-filter';

const REPORT_STATUS: Record<ReportStatus, { label: string; color: string }> = {
  0: { label: '待处理', color: 'processing' },
  1: { label: '已处理', color: 'success' },
};

/** Reports from the footer's 举报中心, 待处理 first in view: read one, and 处理 with a result note. */
export function ReportsTab() {
  const query = usePagedQuery<{ status: StatusFilter<ReportStatus> }, ReportRow>({ status: 0 }, ({ status, ...page }) =>
    fetchReports({ status: status === ALL ? undefined : status, ...page }),
  );
  const [viewing, setViewing] = useState<ReportRow | null>(null);
  const [handling, setHandling] = useState<ReportRow | null>(null);
  const isPhone = useIsPhone();

  async function handleSubmit(result: string) {
    if (!handling) return;
    const { msg } = await handleReport(handling.id, { result });
    feedback.message.success(msg);
    setHandling(null);
    setViewing(null);
    await query.paged.reload();
  }

  const handleButton = (row: ReportRow) => (
    <Button key="handle" type="link" onClick={() => setHandling(row)}>
      处理
    </Button>
  );
  const actions = (row: ReportRow) => [
    <Button key="view" type="link" onClick={() => setViewing(row)}>
      查看
    </Button>,
    ...(row.status === 0 ? [handleButton(row)] : []),
  ];
  const statusTag = (row: ReportRow) => (
    <Tag color={REPORT_STATUS[row.status].color}>{REPORT_STATUS[row.status].label}</Tag>
  );

  const columns: ColumnsType<ReportRow> = [
    { title: '举报类型', dataIndex: 'category', key: 'category' },
    { title: '举报内容', key: 'content', render: (_, row) => <span className="review__reason">{row.content}</span> },
    { title: '举报人', key: 'reporter', render: (_, row) => reporterText(row), responsive: ['md'] },
    { title: '提交时间', key: 'createdAt', render: (_, row) => formatTime(row.createdAt), responsive: ['lg'] },
    { title: '状态', key: 'status', render: (_, row) => statusTag(row) },
    { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  return (
    <>
      <StatusQueue
        label="处理状态"
        statuses={REPORT_STATUS}
        query={query}
        columns={columns}
        status={statusTag}
        card={(row) => ({
          title: row.category,
          description: (
            <>
              <span className="review__reason">{row.content}</span>
              {reporterText(row)} · {formatTime(row.createdAt)}
            </>
          ),
          actions: actions(row),
        })}
        emptyText="暂无举报"
        failedText="举报加载失败"
      />
      <Drawer
        open={viewing !== null}
        title="举报详情"
        size={isPhone ? '100%' : 520}
        onClose={() => setViewing(null)}
        extra={viewing?.status === 0 && handleButton(viewing)}
      >
        {viewing && <ReportDetail report={viewing} />}
      </Drawer>
      <NoteModal
        request={
          handling && {
            title: `处理${handling.category}举报`,
            label: '处理结果',
            okText: '标记已处理',
            maxLength: REPORT_LIMITS.result,
          }
        }
        onCancel={() => setHandling(null)}
        onSubmit={handleSubmit}
      />
    </>
  );
}

function reporterText(row: ReportRow): string {
  return row.reporterId === null ? '访客' : `用户 ${row.reporterId}`;
}

function ReportDetail({ report }: { report: ReportRow }) {
  return (
    <DetailList
      items={[
        { key: 'category', label: '举报类型', children: report.category },
        {
          key: 'target',
          label: '被举报内容',
          // Checked at the server: an http(s) address or a path of this site.
          children: report.targetUrl ? (
            <a href={report.targetUrl} target="_blank" rel="noreferrer">
              {report.targetUrl}
            </a>
          ) : (
            '—'
          ),
        },
        { key: 'content', label: '举报内容', children: <span className="operations__text">{report.content}</span> },
        { key: 'contact', label: '联系方式', children: report.contact || '—' },
        { key: 'reporter', label: '举报人', children: reporterText(report) },
        { key: 'created', label: '提交时间', children: formatTime(report.createdAt) },
        { key: 'status', label: '状态', children: REPORT_STATUS[report.status].label },
        ...(report.status === 1
          ? [
              { key: 'result', label: '处理结果', children: <span className="operations__text">{report.result}</span> },
              { key: 'handler', label: '处理人', children: report.handlerName || '—' },
              { key: 'handled', label: '处理时间', children: formatTime(report.handledAt) },
            ]
          : []),
      ]}
    />
  );
}
