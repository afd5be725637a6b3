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
import { Button, Form, type FormInstance, Input, InputNumber, Select, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
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
import { ConfirmButton } from '../common/ConfirmButton';
import './admin-pages.css';
import { FilterBar } from '../common/FilterBar';
import { FormModal } from '../common/FormModal';
import { formatTime } from '../common/format-time';
import { ImageField } from '../common/ImageField';
import { PagedList } from '../common/PagedList';
import { runAction } from '../common/run-action';
import { SearchBox } from '../common/SearchBox';
import { TabsPage } from '../common/TabsPage';
import { type OverlayControl, useOverlay } from '../common/use-overlay';
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
    <AdminOnly title="内容管理">
      <TabsPage
        title="内容管理"
        tabs={[
          { key: 'ads', label: '广告位', children: <Advertisements /> },
          { key: 'videos', label: '学习视频', children: <Videos /> },
        ]}
      />
    </AdminOnly>
  );
}

type Editing<T> = { mode: 'create' } | { mode: 'edit'; record: T };

/** 编辑 and 删除 (after a confirmation) for a row: the last column of a table, or a card's actions. */
function rowActions(what: string, onEdit: () => void, onDelete: () => Promise<void>) {
  return [
    <Button key="edit" type="link" onClick={onEdit}>
      编辑
    </Button>,
    <ConfirmButton key="delete" type="link" danger question={`删除${what}？`} okText="删除" onConfirm={onDelete}>
      删除
    </ConfirmButton>,
  ];
}

function Advertisements() {
  const { filter, paged } = usePagedQuery<{ slot?: AdvertisementSlot; title?: string }, Advertisement>(
    {},
    fetchAdvertisements,
  );
  const editor = useOverlay<Editing<Advertisement>>();

  const actions = (row: Advertisement) =>
    rowActions(
      `广告「${row.title}」`,
      () => editor.open({ mode: 'edit', record: row }),
      () => runAction(deleteAdvertisement(row.id), paged.reload, '删除成功'),
    );
  const enabledSwitch = (row: Advertisement) => (
    <Switch
      checked={row.enabled}
      aria-label={`启用${row.title}`}
      onChange={(checked) => runAction(setAdvertisementEnabled(row.id, checked), paged.reload)}
    />
  );
  const thumb = (row: Advertisement) => <img className="content__thumb" src={row.imageUrl} alt={row.title} />;

  const columns: ColumnsType<Advertisement> = [
    { title: '图片', key: 'image', render: (_, row) => thumb(row) },
    { title: '标题', dataIndex: 'title', key: 'title' },
    { title: '广告位', key: 'slot', render: (_, row) => SLOT_LABEL[row.slot] },
    {
      title: '链接',
      key: 'link',
      render: (_, row) => (row.link ? <LinkText link={row.link} /> : '—'),
    },
    { title: '排序', dataIndex: 'sortOrder', key: 'sortOrder' },
    { title: '启用', key: 'enabled', render: (_, row) => enabledSwitch(row) },
    { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  return (
    <>
      <FilterBar>
        <Select<AdvertisementSlot | 'all'>
          aria-label="广告位"
          defaultValue="all"
          options={[{ value: 'all', label: '全部广告位' }, ...ADVERTISEMENT_SLOTS]}
          onChange={(slot) => filter({ slot: slot === 'all' ? undefined : slot })}
        />
        <SearchBox
          label="搜索广告标题"
          placeholder="广告标题"
          onSearch={(title) => filter({ title: title || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open({ mode: 'create' })}>
          新增广告
        </Button>
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        columns={columns}
        card={(row) => ({
          avatar: thumb(row),
          title: (
            <Space wrap>
              {row.title}
              {enabledSwitch(row)}
            </Space>
          ),
          description: (
            <>
              {SLOT_LABEL[row.slot]} · 排序 {row.sortOrder}
              {row.link && (
                <div>
                  <LinkText link={row.link} />
                </div>
              )}
            </>
          ),
          actions: actions(row),
        })}
        cardClassName="content__card"
        cardLayout="vertical"
        emptyText="暂无广告"
        failedText="广告加载失败"
        sizeChanger
        scrollX
      />
      {editor.subject && (
        <AdvertisementModal
          key={editor.key}
          editing={editor.subject}
          overlay={editor}
          onSaved={async () => {
            editor.close();
            await paged.reload();
          }}
        />
      )}
    </>
  );
}

/** A link or address, cut short with its whole text on hover. */
function LinkText({ link }: { link: string }) {
  return (
    <span className="content__link" title={link}>
      {link}
    </span>
  );
}

function AdvertisementModal({
  editing,
  overlay,
  onSaved,
}: {
  editing: Editing<Advertisement>;
  overlay: OverlayControl;
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
      overlay={overlay}
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
  const editor = useOverlay<Editing<EducationVideo>>();

  const actions = (row: EducationVideo) =>
    rowActions(
      `视频「${row.title}」`,
      () => editor.open({ mode: 'edit', record: row }),
      () => runAction(deleteVideo(row.id), paged.reload, '删除成功'),
    );
  const thumb = (row: EducationVideo) => <img className="content__thumb" src={row.coverUrl} alt={row.title} />;

  const columns: ColumnsType<EducationVideo> = [
    { title: '封面', key: 'cover', render: (_, row) => thumb(row) },
    { title: '标题', dataIndex: 'title', key: 'title' },
    { title: '时长', key: 'duration', render: (_, row) => formatDuration(row.durationS) },
    { title: '视频地址', key: 'videoUrl', render: (_, row) => <LinkText link={row.videoUrl} /> },
    { title: '创建时间', key: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
    { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  return (
    <>
      <FilterBar>
        <SearchBox
          label="搜索视频标题"
          placeholder="视频标题"
          onSearch={(title) => filter({ title: title || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open({ mode: 'create' })}>
          新增视频
        </Button>
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        columns={columns}
        card={(row) => ({
          avatar: thumb(row),
          title: row.title,
          description: `时长 ${formatDuration(row.durationS)} · ${formatTime(row.createdAt)}`,
          actions: actions(row),
        })}
        cardClassName="content__card"
        cardLayout="vertical"
        emptyText="暂无学习视频"
        failedText="学习视频加载失败"
        sizeChanger
        scrollX
      />
      {editor.subject && (
        <VideoModal
          key={editor.key}
          editing={editor.subject}
          overlay={editor}
          onSaved={async () => {
            editor.close();
            await paged.reload();
          }}
        />
      )}
    </>
  );
}

function VideoModal({
  editing,
  overlay,
  onSaved,
}: {
  editing: Editing<EducationVideo>;
  overlay: OverlayControl;
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
      overlay={overlay}
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
  overlay: OverlayControl;
  onSaved: () => Promise<void>;
  children: ReactNode;
}

/** A create or edit dialog: saves, says so, and the list reloads. */
function EditModal<F extends object>({ form, title, initial, save, overlay, onSaved, children }: EditModalProps<F>) {
  async function handleSubmit(values: F) {
    feedback.message.success((await save(values)).msg);
    await onSaved();
  }
  return (
    <FormModal
      isOpen={overlay.isOpen}
      title={title}
      form={form}
      initialValues={initial}
      onSubmit={handleSubmit}
      onCancel={overlay.close}
      afterClose={overlay.clear}
    >
      {children}
    </FormModal>
  );
}
