import { useTranslation } from 'react-i18next';
import { CallRecord } from './CallRecord';
import { CooperationNotice } from './CooperationNotice';
import type { CustomRenderer, CustomRenderers } from './custom-renderer';
import { EvaluationCard } from './EvaluationCard';
import { GroupCreatedTip } from './GroupCreatedTip';
import { OrderCard } from './OrderCard';
import { ServiceCard } from './ServiceCard';
import { TextLinkCard } from './TextLinkCard';

/** Kinds with a fixed line of text (rooms and meetings the kit does not open). */
function fixedText(key: 'roomInvite' | 'room' | 'groupRoom'): CustomRenderer {
  return function FixedText() {
    const { t } = useTranslation('message');
    return <span className="lc-message-unknown">{t(key)}</span>;
  };
}

/** Typing status is a signal (the header says 'typing'), never a message in the list. */
const TypingStatus: CustomRenderer = () => null;
TypingStatus.isHidden = true;

/**
 * The custom kinds the kit knows (spec §3 "Custom message"), under the businessIDs of the spec and
 * of the reference kit ('consultion', 'evaluation', 'text_link'), and the portal's agreed-cooperation
 * notice ('cooperation').
 */
export const customRenderers: CustomRenderers = {
  service: ServiceCard,
  consultion: ServiceCard,
  evaluate: EvaluationCard,
  evaluation: EvaluationCard,
  order: OrderCard,
  link: TextLinkCard,
  text_link: TextLinkCard,
  '1': CallRecord,
  av_call: CallRecord,
  user_typing_status: TypingStatus,
  group_create: GroupCreatedTip,
  cooperation: CooperationNotice,
  ROOM_INVITE_ACTION: fixedText('roomInvite'),
  tuikit_engine_room: fixedText('room'),
  group_room_message: fixedText('groupRoom'),
};

/** The renderer registered for this businessID, if any. */
export function customRendererFor(renderers: CustomRenderers, businessID: string): CustomRenderer | undefined {
  return businessID && Object.hasOwn(renderers, businessID) ? renderers[businessID] : undefined;
}
