import { MALL_LIMITS, type MallGoods, type MallRedeemResult } from '@liaison/protocol';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Result } from 'antd';
import { useState } from 'react';
import { redeemGoods } from '../../api/mall';
import { maxChars, requiredText } from '../common/form-rules';
import { redeemState, redeemTotal, SHORT_TEXT } from './redeem-state';

interface RedeemModalProps {
  /** The item being redeemed; null: closed. */
  goods: MallGoods | null;
  balance: number;
  onClose: () => void;
  /** After a redemption: the lists and the balance change. */
  onRedeemed: (result: MallRedeemResult) => void;
}

/** Quantity and address, the total and what is left, then the confirmation with the order. */
export function RedeemModal({ goods, balance, onClose, onRedeemed }: RedeemModalProps) {
  return (
    <Modal open={goods !== null} title="兑换商品" footer={null} onCancel={onClose} destroyOnHidden>
      {goods && <RedeemForm key={goods.id} goods={goods} balance={balance} onClose={onClose} onRedeemed={onRedeemed} />}
    </Modal>
  );
}

interface RedeemValues {
  quantity: number;
  address: string;
  remark?: string;
}

function RedeemForm({ goods, balance, onClose, onRedeemed }: Omit<RedeemModalProps, 'goods'> & { goods: MallGoods }) {
  const [form] = Form.useForm<RedeemValues>();
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<MallRedeemResult | null>(null);
  const state = redeemState(goods, balance);
  const maxQuantity = state.kind === 'open' ? state.maxQuantity : 1;
  const { cost, left } = redeemTotal(goods, quantity, balance);

  async function handleFinish(values: RedeemValues) {
    setSubmitting(true);
    try {
      const { data } = await redeemGoods({
        goodsId: goods.id,
        quantity: values.quantity,
        address: values.address.trim(),
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
      });
      setDone(data);
      onRedeemed(data);
    } catch {
      // The request layer has shown the server's reason (积分不足, 库存不足); nothing was taken.
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <Result
        status="success"
        title="兑换成功"
        subTitle={`订单号 ${done.order.id}，消耗 ${done.order.points} 积分，剩余 ${done.balance} 积分。我们会尽快为您发货。`}
        extra={
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        }
      />
    );
  }

  return (
    <Form<RedeemValues>
      form={form}
      layout="vertical"
      initialValues={{ quantity: 1 }}
      onFinish={handleFinish}
      validateTrigger="onBlur"
    >
      <Descriptions
        size="small"
        column={1}
        className="mall-redeem__summary"
        items={[
          { key: 'name', label: '商品', children: goods.name },
          { key: 'cost', label: '单价', children: `${goods.pointsCost} 积分` },
          { key: 'balance', label: '我的积分', children: `${balance} 积分` },
        ]}
      />
      <Form.Item name="quantity" label="兑换数量" rules={[{ required: true, message: '请选择兑换数量' }]}>
        <InputNumber min={1} max={maxQuantity} precision={0} aria-label="兑换数量" />
      </Form.Item>
      <Form.Item
        name="address"
        label="收货地址"
        rules={[requiredText('请填写收货地址'), maxChars('收货地址', MALL_LIMITS.address)]}
      >
        <Input.TextArea rows={2} maxLength={MALL_LIMITS.address} placeholder="省市区、街道门牌、收件人和电话" />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input maxLength={MALL_LIMITS.remark} placeholder="选填" />
      </Form.Item>
      {left < 0 ? (
        <Alert
          type="error"
          showIcon
          title={`${SHORT_TEXT}：需要 ${cost} 积分，当前只有 ${balance} 积分`}
          className="mall-redeem__total"
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={`合计 ${cost} 积分，兑换后剩余 ${left} 积分`}
          className="mall-redeem__total"
        />
      )}
      <div className="mall-redeem__actions">
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={submitting} disabled={left < 0}>
          确认兑换
        </Button>
      </div>
    </Form>
  );
}
