import {
  type AdminArticle,
  type ArticleForm,
  type ArticleKind,
  type ArticleSummary,
  CONTENT_LIMITS,
} from '@liaison/protocol';
import { Form, Input, Select } from 'antd';
import { fetchPublicAbilities } from '../../../api/catalogue';
import {
  createArticle,
  deleteArticle,
  fetchAdminArticle,
  fetchAdminArticles,
  updateArticle,
} from '../../../api/platform-content';
import { newsPath, releasePath } from '../../../common/paths';
import { RichTextEditor } from '../../abilities/RichTextEditor';
import '../../abilities/abilities.css';
import { formatTime } from '../../../common/format-time';
import { ContentList, EditModal, type EditorProps } from '../../common/ContentList';
import { counted, maxText, PictureField, requiredText, trimmed } from '../../common/content-fields';
import { editAfterReading, Thumb } from './PlatformContentParts';
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
  return (
    <ContentList<{ kind: ArticleKind; keyword?: string }, ArticleSummary, AdminArticle>
      initialFilters={{ kind }}
      fetchPage={fetchAdminArticles}
      search={{ label: `搜索${name}`, placeholder: '标题或摘要', field: 'keyword' }}
      addLabel={`新增${name}`}
      thumb={{ title: '封面', render: (row) => <Thumb fileName={row.cover} alt={row.title} /> }}
      columns={[
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
      ]}
      card={(row) => ({
        title: row.title,
        description: `${byline(row)} · 浏览 ${row.viewCount}`,
      })}
      what={(row) => `${name}「${row.title}」`}
      publicPath={(row) => publicPath(row.id)}
      edit={(row, open) => editAfterReading(fetchAdminArticle(row.id), open)}
      remove={(row) => deleteArticle(row.id)}
      editor={(props) => <ArticleModal kind={kind} {...props} />}
      emptyText={`暂无${name}`}
      failedText={`${name}加载失败`}
    />
  );
}

/** The form's fields: the linked ability is picked by name, the enterprise follows from it. */
type ArticleFields = Omit<ArticleForm, 'ownerId' | 'publishedAt'>;

function ArticleModal({ kind, ...props }: EditorProps<AdminArticle> & { kind: ArticleKind }) {
  const { editing } = props;
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
    <EditModal {...props} form={form} noun={KINDS[chosenKind].name} initial={initial} save={save}>
      <Form.Item name="kind" label="栏目" rules={[{ required: true, message: '请选择文章类型' }]}>
        <Select options={KIND_OPTIONS} />
      </Form.Item>
      <Form.Item name="title" label="标题" rules={requiredText('标题', L.articleTitle)}>
        <Input count={counted(L.articleTitle)} />
      </Form.Item>
      <Form.Item name="summary" label="摘要" rules={maxText('摘要', L.summary)}>
        <Input.TextArea rows={2} count={counted(L.summary)} />
      </Form.Item>
      <PictureField name="cover" label="封面图片" picture="封面" />
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

function byline(row: ArticleSummary): string {
  return [row.source, row.enterpriseName, formatTime(row.publishedAt)].filter(Boolean).join(' · ');
}

async function searchAbilities(keyword: string): Promise<Choice[]> {
  const { data } = await fetchPublicAbilities({ keyword, pageNum: 1, pageSize: 20 });
  return data.rows.map((row) => ({ value: row.id, label: `${row.productName}（${row.enterpriseName}）` }));
}
