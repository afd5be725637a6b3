import { Button, Modal, Result, Steps } from 'antd';
import { useState } from 'react';
import { ApplicationStep } from './ApplicationStep';
import { MATCH_TEXT } from './match-text';
import { VerifyMobileStep } from './VerifyMobileStep';

type Step = { kind: 'verify' } | { kind: 'apply'; ticket: string } | { kind: 'done' };

const STEP_INDEX: Record<Step['kind'], number> = { verify: 0, apply: 1, done: 2 };

/** 申请官方服务: verify the mobile by SMS, fill in the application, see it was received. */
export function OfficialServiceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="申请官方服务" footer={null} onCancel={onClose} destroyOnHidden>
      <OfficialServiceFlow onClose={onClose} />
    </Modal>
  );
}

function OfficialServiceFlow({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'verify' });
  return (
    <>
      <Steps
        size="small"
        // Three short steps fit across a phone too; stacked they would push the form down.
        responsive={false}
        titlePlacement="vertical"
        className="match-apply__steps"
        current={STEP_INDEX[step.kind]}
        items={[{ title: '验证手机' }, { title: '填写申请' }, { title: '提交成功' }]}
      />
      {step.kind === 'verify' ? (
        <VerifyMobileStep onVerified={(ticket) => setStep({ kind: 'apply', ticket })} />
      ) : step.kind === 'apply' ? (
        <ApplicationStep ticket={step.ticket} onApplied={() => setStep({ kind: 'done' })} />
      ) : (
        <Result
          status="success"
          title={MATCH_TEXT.successTitle}
          subTitle={MATCH_TEXT.successText}
          extra={
            <Button type="primary" onClick={onClose}>
              完成
            </Button>
          }
        />
      )}
    </>
  );
}
