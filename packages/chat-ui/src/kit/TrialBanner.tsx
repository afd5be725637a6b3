import { useState } from 'react';
import { useConversationText } from '../conversation/use-conversation-text';
import '../conversation/conversation.css';

/**
 * The trial notice (spec chat.md §1): the app is for trying the messaging features, not for
 * business talks or money requests. Closable; it stays closed until the kit is mounted again.
 */
export function TrialBanner() {
  const t = useConversationText();
  const [isOpen, setIsOpen] = useState(true);
  if (!isOpen) return null;
  return (
    <div className="lc-conv-banner lc-conv-banner--trial" role="note">
      <span className="lc-conv-banner__text">{t('trialNotice')}</span>
      <button type="button" className="lc-conv-banner__close" aria-label={t('close')} onClick={() => setIsOpen(false)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
