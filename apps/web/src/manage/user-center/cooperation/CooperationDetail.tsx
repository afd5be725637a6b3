import type { CooperationRequest } from '@liaison/protocol';
import { Button, Descriptions, Drawer, Grid, Popconfirm, Space, Tag } from 'antd';
import type { CooperationSide } from '../../../api/cooperation';
import { formatTime } from '../../common/format-time';
import { APPLY_STATUS_TEXT } from './cooperation-text';

interface Props {
  side: CooperationSide;
  request: CooperationRequest | null;
  isBusy: boolean;
  onClose: () => void;
  onAgree: (request: CooperationRequest) => void;
  onRefuse: (request: CooperationRequest) => void;
  onChat: (request: CooperationRequest) => void;
}

/** One request in full, with the answers the addressed enterprise may give. */
export function CooperationDetail({ side, request, isBusy, onClose, onAgree, onRefuse, onChat }: Props) {
  const isPhone = Grid.useBreakpoint().md === false;
  const status = request ? APPLY_STATUS_TEXT[request.applyStatus] : null;
  const isWaiting = request?.applyStatus === 0;
  const footer = request && (
    <Space wrap>
      {side === 'received' && isWaiting && (
        <>
          <Popconfirm
            title="同意这条合作申请？"
            description="同意后双方将成为好友，并自动开启聊天"
            okText="同意"
            cancelText="取消"
            onConfirm={() => onAgree(request)}
          >
            <Button type="primary" loading={isBusy}>
              同意
            </Button>
          </Popconfirm>
          <Popconfirm
            title="拒绝这条合作申请？"
            okText="拒绝"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => onRefuse(request)}
          >
            <Button danger disabled={isBusy}>
              拒绝
            </Button>
          </Popconfirm>
        </>
      )}
      {request.applyStatus === 1 && request.otherUserId && (
        <Button type="primary" onClick={() => onChat(request)}>
          去聊天
        </Button>
      )}
    </Space>
  );
  return (
    <Drawer
      open={request !== null}
      title="合作申请详情"
      size={isPhone ? '100%' : 520}
      onClose={onClose}
      footer={footer}
      destroyOnHidden
    >
      {request && status && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="能力">{request.productName || request.subject}</Descriptions.Item>
          <Descriptions.Item label="主题">{request.subject}</Descriptions.Item>
          <Descriptions.Item label={side === 'received' ? '申请人' : '企业'}>
            {request.otherUserName || '—'}
            {request.otherEnterpriseName && ` · ${request.otherEnterpriseName}`}
          </Descriptions.Item>
          <Descriptions.Item label="合作需求">
            <span className="cooperation__message">{request.message}</span>
          </Descriptions.Item>
          <Descriptions.Item label="联系人">{request.contactName}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{request.contactPhone}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={status.color}>{status.label}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="申请时间">{formatTime(request.createdAt)}</Descriptions.Item>
          {request.handledAt !== null && (
            <Descriptions.Item label="处理时间">{formatTime(request.handledAt)}</Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Drawer>
  );
}
