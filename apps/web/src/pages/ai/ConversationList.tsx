import { DeleteOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import type { AiConversation } from '@liaison/protocol';
import { Alert, Button, Empty, Popconfirm, Skeleton } from 'antd';
import type { Loaded } from '../../common/use-load';

interface ConversationListProps {
  conversations: Loaded<AiConversation[]>;
  activeId: string | null;
  onOpen(conversationId: string | null): void;
  onDelete(conversationId: string): Promise<void>;
  onReload(): void;
}

/** The user's conversations, the last used first, with a new-conversation button. */
export function ConversationList({ conversations, activeId, onOpen, onDelete, onReload }: ConversationListProps) {
  // A reload after each answer keeps the list in place until the new one comes.
  const list = conversations.data;
  return (
    <nav className="ai-conversations" aria-label="对话列表">
      <Button block type="primary" ghost icon={<PlusOutlined />} onClick={() => onOpen(null)}>
        新对话
      </Button>
      {list === null && conversations.state === 'loading' && <Skeleton active paragraph={{ rows: 4 }} title={false} />}
      {conversations.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          title="对话列表加载失败"
          action={
            <Button size="small" onClick={onReload}>
              重试
            </Button>
          }
        />
      )}
      {list?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有对话" />}
      {list && list.length > 0 && (
        <ul className="ai-conversations__list">
          {list.map((conversation) => (
            <li key={conversation.id} className="ai-conversations__item">
              <button
                type="button"
                className="ai-conversations__open"
                aria-current={conversation.id === activeId ? 'page' : undefined}
                onClick={() => onOpen(conversation.id)}
              >
                <MessageOutlined aria-hidden />
                <span className="ai-conversations__title">{conversation.title || '新对话'}</span>
              </button>
              <Popconfirm
                title="删除这个对话？"
                description="删除后无法恢复"
                okText="删除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(conversation.id)}
              >
                <Button
                  type="text"
                  size="small"
                  className="ai-conversations__delete"
                  icon={<DeleteOutlined />}
                  aria-label={`删除对话：${conversation.title}`}
                />
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
