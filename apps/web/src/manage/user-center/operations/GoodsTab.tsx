import { PlusOutlined } from '@ant-design/icons';
import { MALL_GOODS_LIMITS, type MallGoodsAdmin, type MallGoodsForm } from '@liaison/protocol';
import { Button, Form, Input, InputNumber, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { createGoods, fetchAdminGoods, setGoodsEnabled, updateGoods } from '../../../api/operations';
import { feedback } from '../../../app/feedback';
import { FilterBar } from '../../common/FilterBar';
import { FormModal } from '../../common/FormModal';
import { ImageField } from '../../common/ImageField';
import { PagedList } from '../../common/PagedList';
import { runAction } from '../../common/run-action';
import { SearchBox } from '../../common/SearchBox';
import { type OverlayControl, useOverlay } from '../../common/use-overlay';
import { usePagedQuery } from '../../common/use-paged-query';

type Editing = { mode: 'create' } | { mode: 'edit'; record: MallGoodsAdmin };

/** The mall's goods, on the shelf or off: create, edit (stock, points price, picture) and the shelf switch. */
export function GoodsTab() {
  const { filter, paged } = usePagedQuery<{ name?: string }, MallGoodsAdmin>({}, fetchAdminGoods);
  const editor = useOverlay<Editing>();

  const shelfSwitch = (row: MallGoodsAdmin) => (
    <Switch
      checked={row.enabled}
      checkedChildren="上架"
      unCheckedChildren="下架"
      aria-label={`上架${row.name}`}
      onChange={(checked) => runAction(setGoodsEnabled(row.id, checked), paged.reload)}
    />
  );
  const thumb = (row: MallGoodsAdmin) => <img className="content__thumb" src={row.image} alt={row.name} />;
  const editButton = (row: MallGoodsAdmin) => (
    <Button key="edit" type="link" onClick={() => editor.open({ mode: 'edit', record: row })}>
      编辑
    </Button>
  );

  const columns: ColumnsType<MallGoodsAdmin> = [
    { title: '图片', key: 'image', render: (_, row) => thumb(row) },
    { title: '商品名称', dataIndex: 'name', key: 'name' },
    { title: '所需积分', dataIndex: 'pointsCost', key: 'pointsCost' },
    { title: '库存', key: 'stock', render: (_, row) => (row.stock > 0 ? row.stock : '已售罄') },
    { title: '排序', dataIndex: 'sortOrder', key: 'sortOrder' },
    { title: '上架', key: 'enabled', render: (_, row) => shelfSwitch(row) },
    { title: '操作', key: 'actions', render: (_, row) => editButton(row) },
  ];

  return (
    <>
      <FilterBar>
        <SearchBox
          label="搜索商品名称"
          placeholder="商品名称"
          onSearch={(name) => filter({ name: name || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open({ mode: 'create' })}>
          新增商品
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
              {row.name}
              {shelfSwitch(row)}
            </Space>
          ),
          description: `${row.pointsCost} 积分 · 库存 ${row.stock} · 排序 ${row.sortOrder}`,
          actions: [editButton(row)],
        })}
        cardClassName="content__card"
        cardLayout="vertical"
        emptyText="暂无商品"
        failedText="商品加载失败"
        sizeChanger
        scrollX
      />
      {editor.subject && (
        <GoodsModal
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

function GoodsModal({
  editing,
  overlay,
  onSaved,
}: {
  editing: Editing;
  overlay: OverlayControl;
  onSaved: () => Promise<void>;
}) {
  const [form] = Form.useForm<MallGoodsForm>();
  const initial: Partial<MallGoodsForm> =
    editing.mode === 'edit'
      ? { ...editing.record, image: editing.record.imageFile }
      : { name: '', image: '', description: '', stock: 0, enabled: true, sortOrder: 0 };

  async function handleSubmit(values: MallGoodsForm) {
    const body: MallGoodsForm = {
      ...values,
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
    };
    const answer = editing.mode === 'edit' ? await updateGoods(editing.record.id, body) : await createGoods(body);
    feedback.message.success(answer.msg);
    await onSaved();
  }

  return (
    <FormModal
      isOpen={overlay.isOpen}
      title={editing.mode === 'edit' ? '编辑商品' : '新增商品'}
      form={form}
      initialValues={initial}
      onSubmit={handleSubmit}
      onCancel={overlay.close}
      afterClose={overlay.clear}
    >
      <Form.Item
        name="name"
        label="商品名称"
        rules={[
          { required: true, whitespace: true, message: '请输入商品名称' },
          { max: MALL_GOODS_LIMITS.name, message: `商品名称不能超过${MALL_GOODS_LIMITS.name}个字符` },
        ]}
      >
        <Input maxLength={MALL_GOODS_LIMITS.name} />
      </Form.Item>
      <Form.Item name="image" label="商品图片" rules={[{ required: true, message: '请上传商品图片' }]}>
        <ImageField label="图片" previewClassName="content__preview" />
      </Form.Item>
      <Form.Item
        name="description"
        label="商品介绍"
        rules={[
          { max: MALL_GOODS_LIMITS.description, message: `商品介绍不能超过${MALL_GOODS_LIMITS.description}个字符` },
        ]}
      >
        <Input.TextArea rows={3} maxLength={MALL_GOODS_LIMITS.description} showCount />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="pointsCost" label="所需积分" rules={[{ required: true, message: '请输入所需积分' }]}>
          <InputNumber min={1} max={MALL_GOODS_LIMITS.pointsCostMax} precision={0} />
        </Form.Item>
        <Form.Item name="stock" label="库存" rules={[{ required: true, message: '请输入库存' }]}>
          <InputNumber min={0} max={MALL_GOODS_LIMITS.stockMax} precision={0} />
        </Form.Item>
        <Form.Item name="sortOrder" label="排序（小的在前）" rules={[{ required: true, message: '请输入排序' }]}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label="上架" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </FormModal>
  );
}
