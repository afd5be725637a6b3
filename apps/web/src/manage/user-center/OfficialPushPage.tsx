import { OFFICIAL_PUSH_LIMITS, type OfficialPush, type OfficialPushAdminRow, PortalRole } from '@liaison/protocol';
import { Badge, Button, Card, Empty, Form, Input, List, Modal, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  deleteOfficialPush,
  fetchOfficialPushes,
  fetchOfficialPushesForAdmin,
  publishOfficialPush,
  readOfficialPush,
} from '../../api/cooperation';
import { useHasRole } from '../../auth/Permission';
import { feedback } from '../../base/feedback';
import { formatTime } from '../../common/format-time';
import { PagedList } from '../../common/PagedList';
import { dataOf, useLoad } from '../../common/use-load';
import { ConfirmButton } from '../common/ConfirmButton';
import { FilterBar } from '../common/FilterBar';
import { runAction } from '../common/run-action';
import { usePagedQuery } from '../common/use-paged-query';
import './cooperation/cooperation.css';

const READ_FILTERS = [
  { value: 'all', label: '全部' },
  { value: 'unread', label: '未读' },
  { value: 'read', label: '已读' },
];

/** The platform's announcements: every user's inbox; administrators also publish and remove them. */
export function OfficialPushPage() {
  const isAdmin = useHasRole([PortalRole.ADMIN]);
  return (
    <section className="page">
      <h1 className="page__title">官方推送</h1>
      {isAdmin && <PublishPanel />}
      <Inbox />
    </section>
  );
}

function Inbox() {
  const { filters, filter, paged } = usePagedQuery<{ readed: boolean | null }, OfficialPush>(
    { readed: null },
    fetchOfficialPushes,
  );
  const [open, setOpen] = useState<OfficialPush | null>(null);

  async function handleOpen(push: OfficialPush) {
    setOpen(push);
    if (push.readed) return;
    try {
      setOpen((await readOfficialPush(push.id)).data);
      void paged.reload();
    } catch {
      // The request layer showed why.
    }
  }

  return (
    <>
      <FilterBar>
        <Segmented
          aria-label="已读状态"
          options={READ_FILTERS}
          value={filters.readed === null ? 'all' : filters.readed ? 'read' : 'unread'}
          onChange={(value) => filter({ readed: value === 'all' ? null : value === 'read' })}
        />
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        emptyText={filters.readed === false ? '没有未读的推送' : '暂无官方推送'}
        failedText="官方推送加载失败"
        card={(push) => ({
          title: (
            <Space size={6}>
              {!push.readed && <Badge status="error" role="img" aria-label="未读" />}
              <Button type="link" className="cooperation__open" onClick={() => handleOpen(push)}>
                {push.title}
              </Button>
            </Space>
          ),
          description: (
            <>
              <div className="cooperation__snippet">{push.content}</div>
              <div>{formatTime(push.createdAt)}</div>
            </>
          ),
          actions: [
            <Button key="open" type="link" size="small" onClick={() => handleOpen(push)}>
              查看
            </Button>,
          ],
        })}
        cardClassName="cooperation__card"
        listClassName="official-push__list"
      />
      <Modal
        open={open !== null}
        title={open?.title}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>关闭</Button>}
      >
        {open && (
          <>
            <Typography.Text type="secondary">{formatTime(open.createdAt)}</Typography.Text>
            <p className="cooperation__message">{open.content}</p>
          </>
        )}
      </Modal>
    </>
  );
}

interface PushForm {
  title: string;
  content: string;
}

function PublishPanel() {
  const [form] = Form.useForm<PushForm>();
  const [isSaving, setSaving] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const query = { pageNum, pageSize: 5, title: '' };
  const { loaded, reload } = useLoad(JSON.stringify(query), () => fetchOfficialPushesForAdmin(query).then(dataOf));

  async function handlePublish(values: PushForm) {
    setSaving(true);
    try {
      feedback.message.success((await publishOfficialPush(values)).msg);
      form.resetFields();
      void reload();
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setSaving(false);
    }
  }

  function handleDelete(row: OfficialPushAdminRow) {
    return runAction(deleteOfficialPush(row.id), reload);
  }

  return (
    <Card title="发布官方推送" className="official-push__publish" size="small">
      <Form form={form} layout="vertical" onFinish={handlePublish} requiredMark={false}>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: OFFICIAL_PUSH_LIMITS.title, message: `标题不能超过${OFFICIAL_PUSH_LIMITS.title}个字符` },
          ]}
        >
          <Input maxLength={OFFICIAL_PUSH_LIMITS.title} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label="内容"
          rules={[
            { required: true, whitespace: true, message: '请输入内容' },
            { max: OFFICIAL_PUSH_LIMITS.content, message: `内容不能超过${OFFICIAL_PUSH_LIMITS.content}个字符` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={OFFICIAL_PUSH_LIMITS.content} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          发布
        </Button>
      </Form>
      <List
        className="official-push__published"
        header="已发布"
        size="small"
        loading={loaded.state === 'loading'}
        dataSource={loaded.data?.rows ?? []}
        locale={{ emptyText: <Empty description="还没有发布过推送" /> }}
        pagination={
          loaded.data && loaded.data.total > 5
            ? { current: pageNum, pageSize: 5, total: loaded.data.total, onChange: setPageNum, simple: true }
            : false
        }
        renderItem={(row) => (
          <List.Item
            actions={[
              <ConfirmButton
                key="delete"
                type="link"
                size="small"
                danger
                question={`删除“${row.title}”？`}
                description="删除后所有用户都将看不到这条推送"
                okText="删除"
                isDangerous
                onConfirm={() => handleDelete(row)}
              >
                删除
              </ConfirmButton>,
            ]}
          >
            <List.Item.Meta title={row.title} description={`${formatTime(row.createdAt)} · ${row.readCount} 人已读`} />
          </List.Item>
        )}
      />
    </Card>
  );
}
