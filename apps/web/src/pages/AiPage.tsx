import { MenuOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Drawer, Result, Spin } from 'antd';
import { useState } from 'react';
import { ListFailed } from '../common/ListFailed';
import { setBetaModalOpen } from '../session/session-store';
import { ChatPanel } from './ai/ChatPanel';
import { ConversationList } from './ai/ConversationList';
import { useAiChat } from './ai/use-ai-chat';
import './ai/ai.css';

/**
 * /ai, the AI assistant (docs/portal-api.md "AI assistant"): conversations on the left (a drawer
 * on a phone), the open one on the right with the answer streaming in.
 */
export function AiPage() {
  const chat = useAiChat();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const { status } = chat;

  if (status.state === 'loading') return <Spin className="ai-page__loading" description="加载中" />;
  if (status.state === 'failed') return <ListFailed title="AI助手暂时无法打开" onRetry={chat.reloadStatus} />;
  if (!status.data.allowed) {
    return (
      <Result
        status="403"
        title="AI助手仅对内测用户开放"
        subTitle="申请内测资格并通过审核后即可使用。"
        extra={
          <Button type="primary" onClick={() => setBetaModalOpen(true)}>
            申请内测
          </Button>
        }
      />
    );
  }

  const list = (onOpened?: () => void) => (
    <ConversationList
      conversations={chat.conversations}
      activeId={chat.conversationId}
      onOpen={(id) => {
        chat.open(id);
        onOpened?.();
      }}
      onDelete={chat.remove}
      onReload={chat.reloadConversations}
    />
  );

  return (
    <div className="ai-page">
      <aside className="ai-page__side">{list()}</aside>
      <div className="ai-page__main">
        <header className="ai-page__bar">
          <Button
            className="ai-page__phone-only"
            icon={<MenuOutlined />}
            aria-label="对话列表"
            onClick={() => setDrawerOpen(true)}
          />
          <h1 className="ai-page__title">AI助手</h1>
          {status.data.configured && <span className="ai-page__model">{status.data.model}</span>}
          <Button
            className="ai-page__phone-only ai-page__new"
            icon={<PlusOutlined />}
            aria-label="新对话"
            onClick={() => chat.open(null)}
          />
        </header>
        <ChatPanel chat={chat} isConfigured={status.data.configured} />
      </div>
      <Drawer
        title="对话列表"
        placement="left"
        size={300}
        open={isDrawerOpen}
        onClose={() => setDrawerOpen(false)}
        className="ai-page__drawer"
      >
        {list(() => setDrawerOpen(false))}
      </Drawer>
    </div>
  );
}
