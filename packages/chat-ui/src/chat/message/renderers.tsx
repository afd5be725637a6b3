import type { Message } from '@liaison/sdk';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageText } from './MessageText';

/** What every message renderer receives. */
export interface MessageRendererProps {
  message: Message;
}

export type MessageRenderer = ComponentType<MessageRendererProps>;

/** Message type (e.g. `TIMTextElem`) → the component that draws its body. */
export type MessageRenderers = Record<string, MessageRenderer>;

/** Draws a text message from its tokens. */
export function TextMessage({ message }: MessageRendererProps) {
  return <MessageText text={message.payload.text} />;
}

/** Shown for a type no renderer knows. */
export function UnknownMessage(_props: MessageRendererProps) {
  const { t } = useTranslation('chat');
  return <span className="lc-message-unknown">{t('unknownMessage')}</span>;
}

/**
 * The kit's renderer map. Hosts may add renderers for other types (or custom kinds) by
 * assigning into it before rendering; unknown types fall back to UnknownMessage.
 */
export const messageRenderers: MessageRenderers = {
  TIMTextElem: TextMessage,
};

/** The renderer for a message type, or the unknown-type fallback. */
export function rendererFor(renderers: MessageRenderers, type: string): MessageRenderer {
  return Object.hasOwn(renderers, type) ? (renderers[type] ?? UnknownMessage) : UnknownMessage;
}
