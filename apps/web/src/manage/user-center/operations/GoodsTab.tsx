import { MALL_GOODS_LIMITS, type MallGoodsAdmin, type MallGoodsForm } from '@liaison/protocol';
import { Form, Input, InputNumber, Space, Switch } from 'antd';
import { createGoods, fetchAdminGoods, setGoodsEnabled, updateGoods } from '../../../api/operations';
import { ContentList, EditModal, type EditorProps } from '../../common/ContentList';
import { maxText, PictureField, SortOrderField, TextField } from '../../common/content-fields';

/** The mall's goods, on the shelf or off: create, edit (stock, points price, picture) and the shelf switch. */
export function GoodsTab() {
  return (
    <ContentList<{ name?: string }, MallGoodsAdmin, MallGoodsAdmin>
      initialFilters={{}}
      fetchPage={fetchAdminGoods}
      search={{ label: '搜索商品名称', placeholder: '商品名称', field: 'name' }}
      addLabel="新增商品"
      thumb={{ title: '图片', render: (row) => <img className="content__thumb" src={row.image} alt={row.name} /> }}
      columns={[
        { title: '商品名称', dataIndex: 'name', key: 'name' },
        { title: '所需积分', dataIndex: 'pointsCost', key: 'pointsCost' },
        { title: '库存', key: 'stock', render: (_, row) => (row.stock > 0 ? row.stock : '已售罄') },
        { title: '排序', dataIndex: 'sortOrder', key: 'sortOrder' },
      ]}
      card={(row) => ({
        title: row.name,
        description: `${row.pointsCost} 积分 · 库存 ${row.stock} · 排序 ${row.sortOrder}`,
      })}
      statusSwitch={{
        title: '上架',
        label: (row) => `上架${row.name}`,
        isOn: (row) => row.enabled,
        set: (row, isOn) => setGoodsEnabled(row.id, isOn),
        onText: '上架',
        offText: '下架',
      }}
      edit={(row, open) => open({ mode: 'edit', record: row })}
      editor={(props) => <GoodsModal {...props} />}
      emptyText="暂无商品"
      failedText="商品加载失败"
    />
  );
}

function GoodsModal(props: EditorProps<MallGoodsAdmin>) {
  const { editing } = props;
  const [form] = Form.useForm<MallGoodsForm>();
  const initial: Partial<MallGoodsForm> =
    editing.mode === 'edit'
      ? { ...editing.record, image: editing.record.imageFile }
      : { name: '', image: '', description: '', stock: 0, enabled: true, sortOrder: 0 };

  function save(values: MallGoodsForm) {
    const body: MallGoodsForm = {
      ...values,
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
    };
    return editing.mode === 'edit' ? updateGoods(editing.record.id, body) : createGoods(body);
  }

  return (
    <EditModal {...props} form={form} noun="商品" initial={initial} save={save}>
      <TextField name="name" label="商品名称" max={MALL_GOODS_LIMITS.name} />
      <PictureField name="image" label="商品图片" picture="图片" isRequired />
      <Form.Item name="description" label="商品介绍" rules={maxText('商品介绍', MALL_GOODS_LIMITS.description)}>
        <Input.TextArea rows={3} maxLength={MALL_GOODS_LIMITS.description} showCount />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="pointsCost" label="所需积分" rules={[{ required: true, message: '请输入所需积分' }]}>
          <InputNumber min={1} max={MALL_GOODS_LIMITS.pointsCostMax} precision={0} />
        </Form.Item>
        <Form.Item name="stock" label="库存" rules={[{ required: true, message: '请输入库存' }]}>
          <InputNumber min={0} max={MALL_GOODS_LIMITS.stockMax} precision={0} />
        </Form.Item>
        <SortOrderField max={9999} />
        <Form.Item name="enabled" label="上架" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </EditModal>
  );
}
