import { RobotOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { ListFailed } from '../../common/ListFailed';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import type { AiChat } from './use-ai-chat';

const EXAMPLES = ['有没有做五轴CNC加工的企业？', '推荐宁波的仓储物流服务', '中小制造企业如何做产线数字化改造？'];
/** Within this many pixels of the end, the list follows the answer as it grows. */
const FOLLOW_SLACK_PX = 80;

/** The open conversation: its messages, the answer streaming in, and the question box. */
export function ChatPanel({ chat, isConfigured }: { chat: AiChat; isConfigured: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const isFollowing = useRef(true);
  const items = chat.messagesState === 'ready' ? chat.items : [];
  const lastText = items.at(-1)?.content;

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow every new message and every piece of text
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && isFollowing.current) element.scrollTop = element.scrollHeight;
  }, [items.length, lastText]);

  const handleScroll = () => {
    const element = scroller.current;
    if (element) {
      isFollowing.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK_PX;
    }
  };

  return (
    <section className="ai-chat" aria-label="对话">
      <div className="ai-chat__scroll" ref={scroller} onScroll={handleScroll}>
        {chat.messagesState === 'loading' && <Spin className="ai-chat__loading" description="加载中" />}
        {chat.messagesState === 'failed' && <ListFailed title="对话加载失败" onRetry={chat.reloadMessages} />}
        {chat.messagesState === 'ready' && items.length === 0 && (
          <div className="ai-welcome">
            <RobotOutlined className="ai-welcome__icon" aria-hidden />
            <h2 className="ai-welcome__title">你好，我是链联AI助手</h2>
            <p className="ai-welcome__text">可以帮你查找平台上的企业与能力，也可以聊聊供应链与产业问题。</p>
            {isConfigured && (
              <ul className="ai-welcome__examples" aria-label="示例问题">
                {EXAMPLES.map((example) => (
                  <li key={example}>
                    <Button onClick={() => chat.send(example)}>{example}</Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {items.length > 0 && (
          <ol className="ai-messages" aria-label="对话内容">
            {items.map((item) => (
              <MessageItem
                key={item.key}
                item={item}
                {...(chat.retryable?.id === item.id && isConfigured ? { onRetry: chat.retry } : {})}
              />
            ))}
          </ol>
        )}
      </div>
      {isConfigured ? (
        <Composer
          isStreaming={chat.isStreaming}
          onSend={(prompt) => {
            isFollowing.current = true;
            chat.send(prompt);
          }}
          onStop={chat.stop}
          draftBack={chat.draftBack}
        />
      ) : (
        <Alert
          className="ai-chat__unconfigured"
          type="info"
          showIcon
          title="AI助手尚未配置"
          description="管理员配置 AI 模型服务后即可提问；已有的对话仍可查看。"
        />
      )}
    </section>
  );
}
