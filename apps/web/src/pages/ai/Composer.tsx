import { ArrowUpOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { AI_LIMITS } from '@liaison/protocol';
import { Button, Input } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';

interface ComposerProps {
  isStreaming: boolean;
  onSend(prompt: string): void;
  onStop(): void;
  /** Text to put back (a refused question), with when it came back. */
  draftBack: { text: string; at: number } | null;
}

/** The question box: Enter sends, Shift+Enter starts a new line, and an IME's Enter only composes. */
export function Composer({ isStreaming, onSend, onStop, draftBack }: ComposerProps) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (draftBack) setText(draftBack.text);
  }, [draftBack]);

  const canSend = !isStreaming && text.trim() !== '';
  const handleSend = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    handleSend();
  };

  return (
    <div className="ai-composer">
      <Input.TextArea
        aria-label="输入问题"
        placeholder="向AI助手提问，例如：有没有做五轴CNC加工的企业？（Enter 发送，Shift+Enter 换行）"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={AI_LIMITS.prompt}
        variant="borderless"
      />
      <div className="ai-composer__bar">
        <span className="ai-composer__hint">AI生成的内容仅供参考</span>
        {isStreaming ? (
          <Button icon={<PauseCircleOutlined />} onClick={onStop}>
            停止生成
          </Button>
        ) : (
          <Button type="primary" icon={<ArrowUpOutlined />} disabled={!canSend} onClick={handleSend}>
            发送
          </Button>
        )}
      </div>
    </div>
  );
}
