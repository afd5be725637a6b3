import {
  Chat,
  ChatHeader,
  ChatSetting,
  ConversationList,
  MessageInput,
  MessageList,
} from '@tencentcloud/chat-uikit-react';
import { UIKitProvider } from '@tencentcloud/uikit-base-component-react';
import '@tencentcloud/chat-uikit-react/dist/esm/index.css';
import './app.css';

/** Tencent's sample chat: the conversation list beside the open chat and its settings. */
export function App() {
  return (
    <UIKitProvider language="en-US" theme="light">
      <div className="sample-chat">
        <ConversationList className="sample-chat-conversations" />
        <Chat className="sample-chat-chat">
          <ChatHeader />
          <MessageList />
          <MessageInput />
        </Chat>
        <ChatSetting />
      </div>
    </UIKitProvider>
  );
}
