import { type VipOrder, VipOrderStatus, type VipPrice, type VipQrPayment } from '@liaison/protocol';
import { Alert, Button, Modal, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkVipOrder, createVipQrPayment } from '../../../api/vip';
import { feedback } from '../../../base/feedback';
import { formatTime } from '../../../common/format-time';
import { yuan } from './format';

/** How often the open modal asks whether the order was paid. */
export const POLL_MS = 2000;

interface QrPayModalProps {
  /** The membership being bought; null: closed. */
  price: VipPrice | null;
  onClose(): void;
  /** The order was paid: the page reloads the membership and the orders. */
  onPaid(): void;
}

/** 扫码支付: a fresh order's QR code, watched until it is paid or closes. */
export function QrPayModal({ price, onClose, onPaid }: QrPayModalProps) {
  return (
    <Modal
      open={price !== null}
      title={price ? `扫码支付 · ${price.name}` : '扫码支付'}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={400}
    >
      {price && <QrPayment price={price} onPaid={onPaid} onClose={onClose} />}
    </Modal>
  );
}

type Stage =
  | { stage: 'creating' }
  | { stage: 'failed' }
  | { stage: 'waiting'; payment: VipQrPayment; checkFailed: boolean }
  | { stage: 'done'; payment: VipQrPayment; order: VipOrder };

/** Lives while the modal is open: unmounting it (closing the modal) stops the polling. */
function QrPayment({ price, onPaid, onClose }: { price: VipPrice; onPaid(): void; onClose(): void }) {
  const [stage, setStage] = useState<Stage>({ stage: 'creating' });

  const create = useCallback(async () => {
    setStage({ stage: 'creating' });
    try {
      const { data } = await createVipQrPayment(price.vipType);
      setStage({ stage: 'waiting', payment: data, checkFailed: false });
    } catch {
      setStage({ stage: 'failed' });
    }
  }, [price.vipType]);

  // One order per opening, also when React mounts the component twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void create();
  }, [create]);

  const waiting = stage.stage === 'waiting' && !stage.checkFailed ? stage.payment : null;
  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const { data } = await checkVipOrder(waiting.orderNumber);
        if (stopped) return;
        if (data.status === VipOrderStatus.WAITING) {
          timer = setTimeout(check, POLL_MS);
          return;
        }
        setStage({ stage: 'done', payment: waiting, order: data });
        if (data.status === VipOrderStatus.PAID) {
          feedback.message.success('支付成功，会员已开通');
          onPaid();
        }
      } catch {
        if (!stopped) setStage({ stage: 'waiting', payment: waiting, checkFailed: true });
      }
    };
    timer = setTimeout(check, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, onPaid]);

  if (stage.stage === 'creating') {
    return (
      <div className="vip-qr__center">
        <Spin description="正在生成订单…" />
      </div>
    );
  }
  if (stage.stage === 'failed') {
    return (
      <Result
        status="warning"
        title="订单创建失败"
        extra={
          <Button type="primary" onClick={create}>
            重试
          </Button>
        }
      />
    );
  }
  if (stage.stage === 'done') {
    const paid = stage.order.status === VipOrderStatus.PAID;
    return paid ? (
      <Result
        status="success"
        title="支付成功"
        subTitle={`${price.name}已开通，订单号 ${stage.order.orderNumber}`}
        extra={
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        }
      />
    ) : (
      <Result
        status="info"
        title="订单已超时关闭"
        subTitle="该订单未在有效期内支付，请重新生成二维码。"
        extra={
          <Button type="primary" onClick={create}>
            重新生成
          </Button>
        }
      />
    );
  }

  const { payment, checkFailed } = stage;
  return (
    <div className="vip-qr">
      <img className="vip-qr__code" src={payment.qrCode} alt="支付二维码" width={200} height={200} />
      <div className="vip-qr__amount">{yuan(payment.amount)}</div>
      <Typography.Text type="secondary">请扫码完成支付，支付成功后页面将自动更新</Typography.Text>
      <Typography.Text type="secondary" className="vip-qr__meta">
        订单号 {payment.orderNumber}
        <br />
        请在 {formatTime(payment.expiresAt)} 前完成支付
      </Typography.Text>
      {payment.provider === 'dev' && (
        <Alert
          type="info"
          showIcon
          title="开发环境：不会产生真实扣款"
          description={
            <a href={payment.payUrl} target="_blank" rel="noreferrer">
              打开支付链接，模拟支付成功
            </a>
          }
        />
      )}
      {checkFailed && (
        <Alert
          type="warning"
          showIcon
          title="支付状态查询失败"
          action={
            <Button size="small" onClick={() => setStage({ stage: 'waiting', payment, checkFailed: false })}>
              继续查询
            </Button>
          }
        />
      )}
    </div>
  );
}
