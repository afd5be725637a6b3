import type { Message } from '@liaison/sdk';
import type { FunctionComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioMessage } from './AudioMessage';
import { CustomMessage } from './CustomMessage';
import { FaceMessage } from './FaceMessage';
import { FileMessage } from './FileMessage';
import { GroupSystemNoticeMessage } from './GroupSystemNoticeMessage';
import { GroupTipMessage } from './GroupTipMessage';
import { ImageMessage } from './ImageMessage';
import { LocationMessage } from './LocationMessage';
import { MergerMessage } from './MergerMessage';
import { MessageText } from './MessageText';
import type { MessageOf } from './message-of';
import { VideoMessage } from './VideoMessage';
import './message.css';

/** What every message renderer receives. */
export interface MessageRendererProps {
  message: Message;
}

/**
 * How the row places a message: in a padded bubble (text, cards), in a bubble without padding
 * (pictures and players fill it), centred without avatar (group tips, notices), or not at all
 * (signals such as typing status that are messages on the wire but never shown).
 */
export type RowLayout = 'bubble' | 'media' | 'centred' | 'hidden';

/** A message body component; it may say how its row lays it out (a bubble when it says nothing). */
export interface MessageRenderer extends FunctionComponent<MessageRendererProps> {
  layout?: RowLayout | ((message: Message) => RowLayout);
}

/** Message type (e.g. `TIMTextElem`) → the component that draws its body. */
export type MessageRenderers = Record<string, MessageRenderer>;

/** Draws a text message from its tokens. */
export function TextMessage({ message }: MessageRendererProps) {
  return <MessageText text={(message as MessageOf<'TIMTextElem'>).payload.text} />;
}

/** Shown for a type no renderer knows. */
export function UnknownMessage(_props: MessageRendererProps) {
  const { t } = useTranslation('chat');
  return <span className="lc-message-unknown">{t('unknownMessage')}</span>;
}

/**
 * The kit's renderer map (as element-web's EventTileFactory): one renderer per message type.
 * Hosts may add or replace renderers by assigning into it before rendering (or pass their own map
 * to the list); custom kinds register by businessID in `customRenderers`. Unknown types fall back
 * to UnknownMessage.
 */
export const messageRenderers: MessageRenderers = {
  TIMTextElem: TextMessage,
  TIMImageElem: ImageMessage,
  TIMVideoFileElem: VideoMessage,
  TIMSoundElem: AudioMessage,
  TIMFileElem: FileMessage,
  TIMLocationElem: LocationMessage,
  TIMFaceElem: FaceMessage,
  TIMCustomElem: CustomMessage,
  TIMRelayElem: MergerMessage,
  TIMGroupTipElem: GroupTipMessage,
  TIMGroupSystemNoticeElem: GroupSystemNoticeMessage,
};

/** The renderer for a message type, or the unknown-type fallback. */
export function rendererFor(renderers: MessageRenderers, type: string): MessageRenderer {
  return Object.hasOwn(renderers, type) ? (renderers[type] ?? UnknownMessage) : UnknownMessage;
}

/** How the row lays out this message, as its renderer says. */
export function layoutOf(renderer: MessageRenderer, message: Message): RowLayout {
  const { layout } = renderer;
  if (typeof layout === 'function') return layout(message);
  return layout ?? 'bubble';
}
