import { CopyOutlined, RedoOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import type { AiReference } from '@liaison/protocol';
import { Alert, Avatar, Button, Tag } from 'antd';
import { Link } from 'react-router';
import { feedback } from '../../base/feedback';
import { AnswerMarkdown } from './AnswerMarkdown';
import type { ChatItem } from './chat-state';

const REFERENCE_TYPES: Record<AiReference['type'], string> = {
  ability: '能力',
  enterprise: '企业',
  expert: '专家',
  news: '资讯',
};

interface MessageItemProps {
  item: ChatItem;
  /** Set on the answer a retry would replace. */
  onRetry?: () => void;
}

/** One question or answer; an answer has its state, copy and retry, and the portal items it was given. */
export function MessageItem({ item, onRetry }: MessageItemProps) {
  if (item.role === 'user') {
    return (
      <li className="ai-message ai-message--user">
        <div className="ai-message__bubble">{item.content}</div>
        <Avatar className="ai-message__avatar" icon={<UserOutlined />} aria-hidden />
      </li>
    );
  }
  const isWaiting = item.isPending && item.content === '';
  return (
    <li className="ai-message ai-message--assistant" aria-busy={item.isPending}>
      <Avatar className="ai-message__avatar ai-message__avatar--bot" icon={<RobotOutlined />} aria-hidden />
      <article className="ai-message__body" aria-label="AI助手的回答">
        {isWaiting ? (
          <p className="ai-message__thinking">正在思考…</p>
        ) : (
          item.content && <AnswerMarkdown text={item.content} />
        )}
        {item.isPending && !isWaiting && <span className="ai-message__cursor" aria-hidden />}
        {!item.isPending && item.state === 'stopped' && <Tag className="ai-message__state">已停止生成</Tag>}
        {!item.isPending && item.state === 'error' && (
          <Alert className="ai-message__error" type="error" showIcon title={item.error ?? '回答未完成'} />
        )}
        {item.references.length > 0 && (
          <section className="ai-references" aria-label="相关条目">
            <h3 className="ai-references__title">相关条目</h3>
            <ul>
              {item.references.map((reference) => (
                <li key={`${reference.type}-${reference.id}`}>
                  <Tag bordered={false} color={reference.type === 'ability' ? 'blue' : 'green'}>
                    {REFERENCE_TYPES[reference.type]}
                  </Tag>
                  <Link to={reference.path}>{reference.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {!item.isPending && (
          <div className="ai-message__actions">
            {item.content && (
              <Button type="text" size="small" icon={<CopyOutlined />} onClick={() => copyText(item.content)}>
                复制
              </Button>
            )}
            {onRetry && (
              <Button type="text" size="small" icon={<RedoOutlined />} onClick={onRetry}>
                重新回答
              </Button>
            )}
          </div>
        )}
      </article>
    </li>
  );
}

/** The clipboard API needs a secure page (https or localhost); elsewhere the older copy command does it. */
async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard) await navigator.clipboard.writeText(text);
    else copyWithSelection(text);
    feedback.message.success('已复制');
  } catch {
    feedback.message.error('复制失败，请手动选择文字复制');
  }
}

function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}
