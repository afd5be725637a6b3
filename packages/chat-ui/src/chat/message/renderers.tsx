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
import type { MessageRendererProps, MessageRenderers } from './renderer-map';
import { VideoMessage } from './VideoMessage';
import './message.css';

export {
  layoutOf,
  type MessageRenderer,
  type MessageRendererProps,
  type MessageRenderers,
  RenderersContext,
  type RowLayout,
  rendererFor,
  UnknownMessage,
  useMessageRenderers,
} from './renderer-map';

/** Draws a text message from its tokens. */
export function TextMessage({ message }: MessageRendererProps) {
  return <MessageText text={(message as MessageOf<'TIMTextElem'>).payload.text} />;
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
