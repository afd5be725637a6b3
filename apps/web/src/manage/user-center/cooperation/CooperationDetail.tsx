import type { CooperationRequest } from '@liaison/protocol';
import { Button, Drawer, Space, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import type { CooperationSide } from '../../../api/cooperation';
import { formatTime } from '../../../common/format-time';
import { useIsPhone } from '../../../common/use-is-phone';
import { ConfirmButton } from '../../common/ConfirmButton';
import { DetailList } from '../../common/DetailList';
import { APPLY_STATUS_TEXT } from './cooperation-text';

interface Props {
  side: CooperationSide;
  request: CooperationRequest | null;
  isOpen: boolean;
  isBusy: boolean;
  onClose: () => void;
  /** Once the drawer has slid away (and given the focus back to what opened it). */
  afterClose: () => void;
  onAgree: (request: CooperationRequest) => void;
  onRefuse: (request: CooperationRequest) => void;
  onChat: (request: CooperationRequest) => void;
}

/**
 * One request in full, with the answers the addressed enterprise may give. Once answered, the
 * buttons that gave the answer are gone: the focus moves on to what comes next (去聊天, or 关闭).
 */
export function CooperationDetail(props: Props) {
  const { side, request, isBusy, onClose, onAgree, onRefuse, onChat } = props;
  const isPhone = useIsPhone();
  const footerRef = useRef<HTMLDivElement>(null);
  const answering = useRef<string | null>(null);
  const status = request ? APPLY_STATUS_TEXT[request.applyStatus] : null;
  const mayAnswer = side === 'received' && request?.applyStatus === 0;

  useEffect(() => {
    if (!request || request.applyStatus === 0 || answering.current !== request.id) return;
    answering.current = null;
    footerRef.current?.querySelector('button')?.focus();
  }, [request]);

  function answer(row: CooperationRequest, give: (row: CooperationRequest) => void) {
    answering.current = row.id;
    give(row);
  }

  const footer = request && (
    <Space wrap ref={footerRef}>
      {mayAnswer ? (
        <>
          <ConfirmButton
            type="primary"
            loading={isBusy}
            question="同意这条合作申请？"
            description="同意后双方将成为好友，并自动开启聊天"
            okText="同意"
            onConfirm={() => answer(request, onAgree)}
          >
            同意
          </ConfirmButton>
          <ConfirmButton
            danger
            disabled={isBusy}
            question="拒绝这条合作申请？"
            okText="拒绝"
            isDangerous
            onConfirm={() => answer(request, onRefuse)}
          >
            拒绝
          </ConfirmButton>
        </>
      ) : (
        <>
          {request.applyStatus === 1 && request.otherUserId && (
            <Button type="primary" onClick={() => onChat(request)}>
              去聊天
            </Button>
          )}
          <Button onClick={onClose}>关闭</Button>
        </>
      )}
    </Space>
  );
  return (
    <Drawer
      open={props.isOpen}
      afterOpenChange={(isShown) => {
        if (!isShown) props.afterClose();
      }}
      title="合作申请详情"
      size={isPhone ? '100%' : 520}
      onClose={onClose}
      footer={footer}
      destroyOnHidden
    >
      {request && status && (
        <DetailList
          items={[
            { key: 'ability', label: '能力', children: request.productName || request.subject },
            // The subject is the ability's name unless the applicant wrote one of their own.
            ...(request.productName && request.subject !== request.productName
              ? [{ key: 'subject', label: '主题', children: request.subject }]
              : []),
            {
              key: 'other',
              label: side === 'received' ? '申请人' : '企业',
              children: `${request.otherUserName || '—'}${request.otherEnterpriseName ? ` · ${request.otherEnterpriseName}` : ''}`,
            },
            {
              key: 'message',
              label: '合作需求',
              children: <span className="cooperation__message">{request.message}</span>,
            },
            { key: 'contact', label: '联系人', children: request.contactName },
            { key: 'phone', label: '联系电话', children: request.contactPhone },
            { key: 'status', label: '状态', children: <Tag color={status.color}>{status.label}</Tag> },
            { key: 'created', label: '申请时间', children: formatTime(request.createdAt) },
            ...(request.handledAt !== null
              ? [{ key: 'handled', label: '处理时间', children: formatTime(request.handledAt) }]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}
