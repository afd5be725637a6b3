import {
  ADMIN_LIMITS,
  ADVERTISEMENT_SLOTS,
  type Advertisement,
  type AdvertisementForm,
  type AdvertisementSlot,
  type EducationVideo,
  type EducationVideoForm,
} from '@liaison/protocol';
import { Form, Input, InputNumber, Select, Space, Switch } from 'antd';
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
import { AdminOnly } from '../common/access';
import './admin-pages.css';
import { formatTime } from '../../common/format-time';
import { ContentList, EditModal, type EditorProps } from '../common/ContentList';
import { maxText, PictureField, requiredText, SortOrderField, TextField } from '../common/content-fields';
import { TabsPage } from '../common/TabsPage';

const SLOT_LABEL = Object.fromEntries(ADVERTISEMENT_SLOTS.map((s) => [s.value, s.label])) as Record<
  AdvertisementSlot,
  string
>;
/** The server's rule: an http(s) address or a path of this site (not '//host'). */
const LINK_PATTERN = /^(https?:\/\/\S+|\/(?![/\\])\S*)$/i;

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

function Advertisements() {
  return (
    <ContentList<{ slot?: AdvertisementSlot; title?: string }, Advertisement, Advertisement>
      initialFilters={{}}
      fetchPage={fetchAdvertisements}
      filters={(filter) => (
        <Select<AdvertisementSlot | 'all'>
          aria-label="广告位"
          defaultValue="all"
          options={[{ value: 'all', label: '全部广告位' }, ...ADVERTISEMENT_SLOTS]}
          onChange={(slot) => filter({ slot: slot === 'all' ? undefined : slot })}
        />
      )}
      search={{ label: '搜索广告标题', placeholder: '广告标题', field: 'title' }}
      addLabel="新增广告"
      thumb={{ title: '图片', render: (row) => <img className="content__thumb" src={row.imageUrl} alt={row.title} /> }}
      columns={[
        { title: '标题', dataIndex: 'title', key: 'title' },
        { title: '广告位', key: 'slot', render: (_, row) => SLOT_LABEL[row.slot] },
        {
          title: '链接',
          key: 'link',
          render: (_, row) => (row.link ? <LinkText link={row.link} /> : '—'),
        },
        { title: '排序', dataIndex: 'sortOrder', key: 'sortOrder' },
      ]}
      card={(row) => ({
        title: row.title,
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
      })}
      statusSwitch={{
        title: '启用',
        label: (row) => `启用${row.title}`,
        isOn: (row) => row.enabled,
        set: (row, isOn) => setAdvertisementEnabled(row.id, isOn),
      }}
      what={(row) => `广告「${row.title}」`}
      edit={(row, open) => open({ mode: 'edit', record: row })}
      remove={(row) => deleteAdvertisement(row.id)}
      editor={(props) => <AdvertisementModal {...props} />}
      emptyText="暂无广告"
      failedText="广告加载失败"
    />
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

function AdvertisementModal(props: EditorProps<Advertisement>) {
  const { editing } = props;
  const [form] = Form.useForm<AdvertisementForm>();
  const initial: AdvertisementForm =
    editing.mode === 'edit'
      ? editing.record
      : { slot: 'home_banner', title: '', image: '', link: '', sortOrder: 0, enabled: true };

  return (
    <EditModal
      {...props}
      form={form}
      noun="广告"
      initial={initial}
      save={(values) => {
        const body: AdvertisementForm = { ...values, title: values.title.trim(), link: (values.link ?? '').trim() };
        return editing.mode === 'edit' ? updateAdvertisement(editing.record.id, body) : createAdvertisement(body);
      }}
    >
      <Form.Item name="slot" label="广告位" rules={[{ required: true, message: '请选择广告位' }]}>
        <Select options={ADVERTISEMENT_SLOTS.map((s) => ({ value: s.value, label: s.label }))} />
      </Form.Item>
      <TextField name="title" label="广告标题" max={ADMIN_LIMITS.adTitle} />
      <PictureField name="image" label="广告图片" picture="图片" isRequired />
      <LinkField
        name="link"
        label="链接地址"
        extra="站内路径（如 /supply）或 http(s) 地址，可不填"
        max={ADMIN_LIMITS.adLink}
        placeholder="/supply"
      />
      <Space size="large" wrap>
        <SortOrderField max={9999} />
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
  return (
    <ContentList<{ title?: string }, EducationVideo, EducationVideo>
      initialFilters={{}}
      fetchPage={fetchAdminVideos}
      search={{ label: '搜索视频标题', placeholder: '视频标题', field: 'title' }}
      addLabel="新增视频"
      thumb={{ title: '封面', render: (row) => <img className="content__thumb" src={row.coverUrl} alt={row.title} /> }}
      columns={[
        { title: '标题', dataIndex: 'title', key: 'title' },
        { title: '时长', key: 'duration', render: (_, row) => formatDuration(row.durationS) },
        { title: '视频地址', key: 'videoUrl', render: (_, row) => <LinkText link={row.videoUrl} /> },
        { title: '创建时间', key: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
      ]}
      card={(row) => ({
        title: row.title,
        description: `时长 ${formatDuration(row.durationS)} · ${formatTime(row.createdAt)}`,
      })}
      what={(row) => `视频「${row.title}」`}
      edit={(row, open) => open({ mode: 'edit', record: row })}
      remove={(row) => deleteVideo(row.id)}
      editor={(props) => <VideoModal {...props} />}
      emptyText="暂无学习视频"
      failedText="学习视频加载失败"
    />
  );
}

function VideoModal(props: EditorProps<EducationVideo>) {
  const { editing } = props;
  const [form] = Form.useForm<EducationVideoForm>();
  const initial: Partial<EducationVideoForm> =
    editing.mode === 'edit' ? editing.record : { title: '', cover: '', videoUrl: '' };

  return (
    <EditModal
      {...props}
      form={form}
      noun="视频"
      initial={initial}
      save={(values) => {
        const body: EducationVideoForm = { ...values, title: values.title.trim(), videoUrl: values.videoUrl.trim() };
        return editing.mode === 'edit' ? updateVideo(editing.record.id, body) : createVideo(body);
      }}
    >
      <TextField name="title" label="视频标题" max={ADMIN_LIMITS.videoTitle} />
      <PictureField name="cover" label="视频封面" picture="封面" isRequired />
      <LinkField
        name="videoUrl"
        label="视频地址"
        extra="mp4/webm 视频的 http(s) 地址或站内路径"
        max={ADMIN_LIMITS.videoUrl}
        placeholder="https://"
        isRequired
      />
      <Form.Item name="durationS" label="时长（秒）" rules={[{ required: true, message: '请输入视频时长' }]}>
        <InputNumber min={1} max={ADMIN_LIMITS.videoDurationMax} precision={0} />
      </Form.Item>
    </EditModal>
  );
}

interface LinkFieldProps {
  name: string;
  label: string;
  extra: string;
  max: number;
  placeholder: string;
  isRequired?: boolean;
}

/** An address the server takes: http(s), or a path of this site. */
function LinkField({ name, label, extra, max, placeholder, isRequired = false }: LinkFieldProps) {
  const rules = [
    ...(isRequired ? requiredText(label, max) : maxText(label, max)),
    { pattern: LINK_PATTERN, message: `${label}须以http://、https://或/开头` },
  ];
  return (
    <Form.Item name={name} label={label} extra={extra} rules={rules}>
      <Input placeholder={placeholder} />
    </Form.Item>
  );
}
