import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminArticle,
  type ArticleForm,
  type ArticleKind,
  type ArticleSummary,
  CONTENT_LIMITS,
} from '@liaison/protocol';
import { Button, Form, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { fetchPublicAbilities } from '../../../api/catalogue';
import {
  createArticle,
  deleteArticle,
  fetchAdminArticle,
  fetchAdminArticles,
  updateArticle,
} from '../../../api/platform-content';
import { newsPath, releasePath } from '../../../pages/common/paths';
import { RichTextEditor } from '../../abilities/RichTextEditor';
import '../../abilities/abilities.css';
import { FilterBar } from '../../common/FilterBar';
import { formatTime } from '../../common/format-time';
import { ImageField } from '../../common/ImageField';
import { PagedList } from '../../common/PagedList';
import { runAction } from '../../common/run-action';
import { SearchBox } from '../../common/SearchBox';
import { type OverlayControl, useOverlay } from '../../common/use-overlay';
import { usePagedQuery } from '../../common/use-paged-query';
import {
  counted,
  type Editing,
  EditModal,
  editAfterReading,
  maxText,
  requiredText,
  rowActions,
  Thumb,
  trimmed,
} from './PlatformContentParts';
import { type Choice, SearchSelect } from './SearchSelect';

const L = CONTENT_LIMITS;

/** How each kind reads on the screen, and where the public reads it. */
const KINDS: Record<ArticleKind, { name: string; publicPath: (id: string) => string }> = {
  news: { name: '资讯', publicPath: newsPath },
  release: { name: '新品发布', publicPath: releasePath },
};
const KIND_OPTIONS = (Object.keys(KINDS) as ArticleKind[]).map((kind) => ({ value: kind, label: KINDS[kind].name }));

/** News or new releases: searched, paged, written and deleted by the platform admin. */
export function Articles({ kind }: { kind: ArticleKind }) {
  const { name, publicPath } = KINDS[kind];
  const { filter, paged } = usePagedQuery<{ kind: ArticleKind; keyword?: string }, ArticleSummary>(
    { kind },
    fetchAdminArticles,
  );
  const editor = useOverlay<Editing<AdminArticle>>();

  const actions = (row: ArticleSummary) =>
    rowActions(
      `${name}「${row.title}」`,
      publicPath(row.id),
      () => editAfterReading(fetchAdminArticle(row.id), editor.open),
      () => runAction(deleteArticle(row.id), paged.reload, '删除成功'),
    );
  const thumb = (row: ArticleSummary) => <Thumb fileName={row.cover} alt={row.title} />;
  const byline = (row: ArticleSummary) =>
    [row.source, row.enterpriseName, formatTime(row.publishedAt)].filter(Boolean).join(' · ');

  const columns: ColumnsType<ArticleSummary> = [
    { title: '封面', key: 'cover', render: (_, row) => thumb(row) },
    { title: '标题', dataIndex: 'title', key: 'title' },
    { title: '来源', key: 'source', render: (_, row) => row.source || '—' },
    ...(kind === 'release'
      ? [
          {
            title: '发布企业',
            key: 'enterprise',
            render: (_: unknown, row: ArticleSummary) => row.enterpriseName || '—',
          },
        ]
      : []),
    { title: '发布时间', key: 'publishedAt', render: (_, row) => formatTime(row.publishedAt) },
    { title: '浏览', dataIndex: 'viewCount', key: 'viewCount' },
    { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  return (
    <>
      <FilterBar>
        <SearchBox
          label={`搜索${name}`}
          placeholder="标题或摘要"
          onSearch={(keyword) => filter({ keyword: keyword || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open({ mode: 'create' })}>
          新增{name}
        </Button>
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        columns={columns}
        card={(row) => ({
          avatar: thumb(row),
          title: row.title,
          description: `${byline(row)} · 浏览 ${row.viewCount}`,
          actions: actions(row),
        })}
        cardClassName="content__card"
        cardLayout="vertical"
        emptyText={`暂无${name}`}
        failedText={`${name}加载失败`}
        sizeChanger
        scrollX
      />
      {editor.subject && (
        <ArticleModal
          key={editor.key}
          kind={kind}
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

/** The form's fields: the linked ability is picked by name, the enterprise follows from it. */
type ArticleFields = Omit<ArticleForm, 'ownerId' | 'publishedAt'>;

function ArticleModal({
  kind,
  editing,
  overlay,
  onSaved,
}: {
  kind: ArticleKind;
  editing: Editing<AdminArticle>;
  overlay: OverlayControl;
  onSaved: () => Promise<void>;
}) {
  const [form] = Form.useForm<ArticleFields>();
  const chosenKind = Form.useWatch('kind', form) ?? kind;
  const record = editing.mode === 'edit' ? editing.record : null;
  const initial: ArticleFields = record ?? {
    kind,
    title: '',
    summary: '',
    content: '',
    cover: '',
    source: '',
    productId: null,
  };
  const chosenAbility: Choice[] =
    record?.productId && record.productName ? [{ value: record.productId, label: record.productName }] : [];

  function save(values: ArticleFields) {
    const productId = values.kind === 'release' ? (values.productId ?? null) : null;
    const body: ArticleForm = {
      ...trimmed(values),
      productId,
      // The server names the ability's enterprise itself; an enterprise named alone is kept as it was.
      ownerId: productId === null && values.kind === 'release' ? (record?.ownerId ?? null) : null,
      ...(record ? { publishedAt: record.publishedAt } : {}),
    };
    return record ? updateArticle(record.id, body) : createArticle(body);
  }

  return (
    <EditModal
      form={form}
      title={`${record ? '编辑' : '新增'}${KINDS[chosenKind].name}`}
      initial={initial}
      save={save}
      overlay={overlay}
      onSaved={onSaved}
    >
      <Form.Item name="kind" label="栏目" rules={[{ required: true, message: '请选择文章类型' }]}>
        <Select options={KIND_OPTIONS} />
      </Form.Item>
      <Form.Item name="title" label="标题" rules={requiredText('标题', L.articleTitle)}>
        <Input count={counted(L.articleTitle)} />
      </Form.Item>
      <Form.Item name="summary" label="摘要" rules={maxText('摘要', L.summary)}>
        <Input.TextArea rows={2} count={counted(L.summary)} />
      </Form.Item>
      <Form.Item name="cover" label="封面图片">
        <ImageField label="封面" previewClassName="content__preview" />
      </Form.Item>
      <Form.Item name="source" label="来源" rules={maxText('来源', L.source)}>
        <Input count={counted(L.source)} placeholder="如：平台资讯" />
      </Form.Item>
      {chosenKind === 'release' && (
        <Form.Item name="productId" label="关联能力" extra="可不选；选中后新品页显示该能力及其企业">
          <SearchSelect
            label="关联能力"
            placeholder="输入能力名称搜索已发布的能力"
            chosen={chosenAbility}
            search={searchAbilities}
          />
        </Form.Item>
      )}
      <Form.Item
        name="content"
        label="正文内容"
        extra="仅保留标题、段落、列表、引用、链接与本站上传的图片"
        rules={[
          { required: true, whitespace: true, message: '请输入正文内容' },
          { max: L.articleContent, message: '正文内容过长' },
        ]}
      >
        <RichTextEditor label="正文内容" />
      </Form.Item>
    </EditModal>
  );
}

async function searchAbilities(keyword: string): Promise<Choice[]> {
  const { data } = await fetchPublicAbilities({ keyword, pageNum: 1, pageSize: 20 });
  return data.rows.map((row) => ({ value: row.id, label: `${row.productName}（${row.enterpriseName}）` }));
}
