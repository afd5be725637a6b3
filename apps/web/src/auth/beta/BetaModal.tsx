import { Button, Modal, Result } from 'antd';
import { useEffect, useState } from 'react';
import { fetchBetaReview } from '../../api/admin';
import { applyBeta } from '../../api/supply-chain';
import { feedback } from '../../base/feedback';
import { setBetaModalOpen, useSession } from '../../session/session-store';
import { refreshPerson } from '../session-actions';

export const BETA_CLOSED_TEXT = '功能逐步开放中，敬请期待';
export const BETA_AWAITING_TEXT = '已申请内测，等待审核';
export const BETA_APPLIED_TEXT = '申请成功，请等待审核';
export const BETA_REJECTED_TEXT = '上次内测申请未通过：';

/** Spec §2/§4: shown when a page needs the beta the user does not have. */
export function BetaModal() {
  const open = useSession((state) => state.betaModalOpen);
  const betaStatus = useSession((state) => state.person?.betaStatus ?? null);
  const [applying, setApplying] = useState(false);
  const [applied, setApplied] = useState(false);
  // null: never applied; any other falsy value: applied and awaiting review.
  const awaiting = betaStatus !== null && !betaStatus;
  // One application is enough: the button stays off until the review is done.
  const hasApplied = applied || betaStatus !== null;
  const rejectReason = useRejectReason(open && betaStatus === null);

  async function handleApply() {
    setApplying(true);
    try {
      const { data, msg } = await applyBeta();
      // A repeated application gets the server's own words ("already applied", "already open").
      feedback.message.success(msg || BETA_APPLIED_TEXT);
      setApplied(true);
      if (data) await refreshPerson();
    } catch {
      // The request layer has shown the reason (or opened the login modal).
    } finally {
      setApplying(false);
    }
  }

  const close = () => setBetaModalOpen(false);
  return (
    <Modal open={open} footer={null} onCancel={close} width={420} title="内测功能">
      <Result
        status="info"
        title={awaiting ? BETA_AWAITING_TEXT : BETA_CLOSED_TEXT}
        subTitle={rejectReason && `${BETA_REJECTED_TEXT}${rejectReason}`}
        extra={[
          <Button key="apply" type="primary" loading={applying} disabled={hasApplied} onClick={handleApply}>
            {hasApplied ? '已申请' : '申请内测'}
          </Button>,
          <Button key="back" onClick={close}>
            返回
          </Button>,
        ]}
      />
    </Modal>
  );
}

/** Why the last application was rejected (the admin's reason), while the user has not applied again. */
function useRejectReason(isAsking: boolean): string {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (!isAsking) return;
    let stopped = false;
    fetchBetaReview()
      .then(({ data }) => {
        if (!stopped) setReason(data.rejectReason);
      })
      .catch(() => {
        // Without the reason the modal still offers to apply.
      });
    return () => {
      stopped = true;
    };
  }, [isAsking]);
  return isAsking ? reason : '';
}
