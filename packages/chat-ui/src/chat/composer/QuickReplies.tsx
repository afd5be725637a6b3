import { useTranslation } from 'react-i18next';
import { ToolbarPopup } from './ToolbarPopup';

/** The nine fixed phrases (spec chat.md §3), in the UI language. */
export const QUICK_REPLY_KEYS = [
  'quickReply1',
  'quickReply2',
  'quickReply3',
  'quickReply4',
  'quickReply5',
  'quickReply6',
  'quickReply7',
  'quickReply8',
  'quickReply9',
] as const;

export interface QuickRepliesProps {
  /** Sends the phrase as a text message. */
  onSend(text: string): void;
  onClose(): void;
}

/** Quick replies (spec chat.md §4): clicking a phrase sends it as text and closes the list. */
export function QuickReplies({ onSend, onClose }: QuickRepliesProps) {
  const { t } = useTranslation('chat');
  return (
    <ToolbarPopup label={t('quickReplies')} onClose={onClose} className="lc-quick-replies">
      <ul className="lc-quick-replies__list">
        {QUICK_REPLY_KEYS.map((key) => (
          <li key={key}>
            <button
              type="button"
              className="lc-quick-replies__item"
              onClick={() => {
                onSend(t(key));
                onClose();
              }}
            >
              {t(key)}
            </button>
          </li>
        ))}
      </ul>
    </ToolbarPopup>
  );
}
