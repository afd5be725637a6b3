import { PlusOutlined } from '@ant-design/icons';
import {
  ADMIN_LIMITS,
  ADVERTISEMENT_SLOTS,
  type Advertisement,
  type AdvertisementForm,
  type AdvertisementSlot,
  type EducationVideo,
  type EducationVideoForm,
} from '@liaison/protocol';
import {
  Button,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Tabs,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import {
  createAdvertisement,
  createVideo,
  deleteAdvertisement,
  deleteVideo,
  fetchAdminVideos,
  fetchAdvertisements,
  setAdvertisementEnabled,
  updateAdvertisement,
  updateVideo,
} from '../../api/admin';
import { feedback } from '../../app/feedback';
import { AdminOnly } from '../common/access';
import './admin-pages.css';
import { formatLocaleTime } from '../common/format-time';
import { ImageField } from '../common/ImageField';
import { PagedList } from '../common/PagedList';
import { runAction } from '../common/run-action';
import { usePagedQuery } from '../common/use-paged-query';

const SLOT_LABEL = Object.fromEntries(ADVERTISEMENT_SLOTS.map((s) => [s.value, s.label])) as Record<
  AdvertisementSlot,
  string
>;
/** The server's rule: an http(s) address or a path of this site (not '//host'). */
const LINK_PATTERN = /^(https?:\/\/\S+|\/(?![/\\])\S*)$/i;
const LINK_MESSAGE = '须以http://、https://或/开头';

/** Platform admins manage the home advertisement slots and the education videos (userCenter/content). */
export function ContentPage() {
  return (
    <AdminOnly>
      <section className="page">
        <h1 className="page__title">内容管理</h1>
        <Tabs
          items={[
            { key: 'ads', label: '广告位', children: <Advertisements /> },
            { key: 'videos', label: '学习视频', children: <Videos /> },
          ]}
        />
      </section>
    </AdminOnly>
  );
}

type Editing<T> = { mode: 'create' } | { mode: 'edit'; record: T } | null;

function Advertisements() {
  const { filter, paged } = usePagedQuery<{ slot?: AdvertisementSlot; title?: string }, Advertisement>(
    {},
    fetchAdvertisements,
  );
  const [editing, setEditing] = useState<Editing<Advertisement>>(null);

  function handleToggle(row: Advertisement, enabled: boolean) {
    return runAction(setAdvertisementEnabled(row.id, enabled), paged.reload);
  }

  function handleDelete(row: Advertisement) {
    return runAction(deleteAdvertisement(row.id), paged.reload, '删除成功');
  }

  const columns: ColumnsType<Advertisement> = [
    {
      title: '图片',
      key: 'image',
      render: (_, row) => <img className="content__thumb" src={row.imageUrl} alt={row.title} />,
    },
    { title: '标题', dataIndex: 'title', key: 'title' },
    { title: '广告位', key: 'slot', render: (_, row) => SLOT_LABEL[row.slot], responsive: ['sm'] },
    {
      title: '链接',
      key: 'link',
      responsive: ['md'],
      render: (_, row) =>
        row.link ? (
          <span className="content__link" title={row.link}>
            {row.link}
          </span>
        ) : (
          '—'
        ),
    },
    { title: '排序', dataIndex: 'sortOrder', key: 'sortOrder', responsive: ['md'] },
    {
      title: '启用',
      key: 'enabled',
      render: (_, row) => (
        <Switch
          checked={row.enabled}
          aria-label={`启用${row.title}`}
          onChange={(checked) => handleToggle(row, checked)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => setEditing({ mode: 'edit', record: row })}>
            编辑
          </Button>
          <Popconfirm
            title={`删除广告「${row.title}」？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => handleDelete(row)}
          >
            <Button type="link" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap className="review__filters">
        <Select
          aria-label="广告位"
          placeholder="全部广告位"
          allowClear
          options={ADVERTISEMENT_SLOTS.map((s) => ({ value: s.value, label: s.label }))}
          style={{ width: 140 }}
          onChange={(slot?: AdvertisementSlot) => filter({ slot })}
        />
        <Input.Search
          aria-label="搜索广告标题"
          placeholder="广告标题"
          allowClear
          maxLength={50}
          style={{ width: 220, maxWidth: '100%' }}
          onSearch={(title) => filter({ title: title.trim() || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ mode: 'create' })}>
          新增广告
        </Button>
      </Space>
      <PagedList
        {...paged}
        rowKey="id"
        columns={columns}
        emptyText="暂无广告"
        failedText="广告加载失败"
        sizeChanger
        scrollX
      />
      {editing && (
        <AdvertisementModal
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await paged.reload();
          }}
        />
      )}
    </>
  );
}

function AdvertisementModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: NonNullable<Editing<Advertisement>>;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const [form] = Form.useForm<AdvertisementForm>();
  const initial: AdvertisementForm =
    editing.mode === 'edit'
      ? editing.record
      : { slot: 'home_banner', title: '', image: '', link: '', sortOrder: 0, enabled: true };

  return (
    <EditModal
      form={form}
      title={editing.mode === 'edit' ? '编辑广告' : '新增广告'}
      initial={initial}
      save={(values) => {
        const body: AdvertisementForm = { ...values, title: values.title.trim(), link: (values.link ?? '').trim() };
        return editing.mode === 'edit' ? updateAdvertisement(editing.record.id, body) : createAdvertisement(body);
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="slot" label="广告位" rules={[{ required: true, message: '请选择广告位' }]}>
        <Select options={ADVERTISEMENT_SLOTS.map((s) => ({ value: s.value, label: s.label }))} />
      </Form.Item>
      <Form.Item
        name="title"
        label="广告标题"
        rules={[
          { required: true, whitespace: true, message: '请输入广告标题' },
          { max: ADMIN_LIMITS.adTitle, message: `广告标题不能超过${ADMIN_LIMITS.adTitle}个字符` },
        ]}
      >
        <Input maxLength={ADMIN_LIMITS.adTitle} />
      </Form.Item>
      <Form.Item name="image" label="广告图片" rules={[{ required: true, message: '请上传广告图片' }]}>
        <ImageField label="图片" previewClassName="content__preview" />
      </Form.Item>
      <Form.Item
        name="link"
        label="链接地址"
        extra="站内路径（如 /supply）或 http(s) 地址，可不填"
        rules={[
          { max: ADMIN_LIMITS.adLink, message: `链接地址不能超过${ADMIN_LIMITS.adLink}个字符` },
          { pattern: LINK_PATTERN, message: `链接地址${LINK_MESSAGE}` },
        ]}
      >
        <Input placeholder="/supply" />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="sortOrder" label="排序（小的在前）" rules={[{ required: true, message: '请输入排序' }]}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </EditModal>
  );
}

/** 245 → 4:05. */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

function Videos() {
  const { filter, paged } = usePagedQuery<{ title?: string }, EducationVideo>({}, fetchAdminVideos);
  const [editing, setEditing] = useState<Editing<EducationVideo>>(null);

  function handleDelete(row: EducationVideo) {
    return runAction(deleteVideo(row.id), paged.reload, '删除成功');
  }

  const columns: ColumnsType<EducationVideo> = [
    {
      title: '封面',
      key: 'cover',
      render: (_, row) => <img className="content__thumb" src={row.coverUrl} alt={row.title} />,
    },
    { title: '标题', dataIndex: 'title', key: 'title' },
    { title: '时长', key: 'duration', render: (_, row) => formatDuration(row.durationS), responsive: ['sm'] },
    {
      title: '视频地址',
      key: 'videoUrl',
      responsive: ['lg'],
      render: (_, row) => (
        <span className="content__link" title={row.videoUrl}>
          {row.videoUrl}
        </span>
      ),
    },
    { title: '创建时间', key: 'createdAt', render: (_, row) => formatLocaleTime(row.createdAt), responsive: ['md'] },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => setEditing({ mode: 'edit', record: row })}>
            编辑
          </Button>
          <Popconfirm
            title={`删除视频「${row.title}」？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => handleDelete(row)}
          >
            <Button type="link" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap className="review__filters">
        <Input.Search
          aria-label="搜索视频标题"
          placeholder="视频标题"
          allowClear
          maxLength={50}
          style={{ width: 220, maxWidth: '100%' }}
          onSearch={(title) => filter({ title: title.trim() || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ mode: 'create' })}>
          新增视频
        </Button>
      </Space>
      <PagedList
        {...paged}
        rowKey="id"
        columns={columns}
        emptyText="暂无学习视频"
        failedText="学习视频加载失败"
        sizeChanger
        scrollX
      />
      {editing && (
        <VideoModal
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await paged.reload();
          }}
        />
      )}
    </>
  );
}

function VideoModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: NonNullable<Editing<EducationVideo>>;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const [form] = Form.useForm<EducationVideoForm>();
  const initial: Partial<EducationVideoForm> =
    editing.mode === 'edit' ? editing.record : { title: '', cover: '', videoUrl: '' };

  return (
    <EditModal
      form={form}
      title={editing.mode === 'edit' ? '编辑视频' : '新增视频'}
      initial={initial}
      save={(values) => {
        const body: EducationVideoForm = { ...values, title: values.title.trim(), videoUrl: values.videoUrl.trim() };
        return editing.mode === 'edit' ? updateVideo(editing.record.id, body) : createVideo(body);
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="title"
        label="视频标题"
        rules={[
          { required: true, whitespace: true, message: '请输入视频标题' },
          { max: ADMIN_LIMITS.videoTitle, message: `视频标题不能超过${ADMIN_LIMITS.videoTitle}个字符` },
        ]}
      >
        <Input maxLength={ADMIN_LIMITS.videoTitle} />
      </Form.Item>
      <Form.Item name="cover" label="视频封面" rules={[{ required: true, message: '请上传视频封面' }]}>
        <ImageField label="封面" previewClassName="content__preview" />
      </Form.Item>
      <Form.Item
        name="videoUrl"
        label="视频地址"
        extra="mp4/webm 视频的 http(s) 地址或站内路径"
        rules={[
          { required: true, whitespace: true, message: '请输入视频地址' },
          { max: ADMIN_LIMITS.videoUrl, message: `视频地址不能超过${ADMIN_LIMITS.videoUrl}个字符` },
          { pattern: LINK_PATTERN, message: `视频地址${LINK_MESSAGE}` },
        ]}
      >
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="durationS" label="时长（秒）" rules={[{ required: true, message: '请输入视频时长' }]}>
        <InputNumber min={1} max={ADMIN_LIMITS.videoDurationMax} precision={0} />
      </Form.Item>
    </EditModal>
  );
}

interface EditModalProps<F> {
  form: FormInstance<F>;
  title: string;
  initial: Partial<F>;
  save: (values: F) => Promise<{ msg: string }>;
  onClose: () => void;
  onSaved: () => Promise<void>;
  children: ReactNode;
}

/** A create or edit dialog: checks the form, saves, says so; a refusal keeps it open. */
function EditModal<F extends object>({ form, title, initial, save, onClose, onSaved, children }: EditModalProps<F>) {
  const [isSaving, setSaving] = useState(false);

  async function handleOk() {
    const values = await form.validateFields().catch(() => null);
    // The form shows what is missing.
    if (!values) return;
    setSaving(true);
    try {
      feedback.message.success((await save(values)).msg);
      await onSaved();
    } catch {
      // The request layer has shown the server's reason; the form stays open.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={title}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: isSaving }}
      onOk={handleOk}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        {children}
      </Form>
    </Modal>
  );
}
