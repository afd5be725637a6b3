import { type ReactNode, useState } from 'react';
import { useConversationText } from '../conversations/use-conversation-text';
import '../conversations/conversation.css';

export interface TrialBannerProps {
  /** The host's own short status (e.g. its connection state), shown first on the same line. */
  children?: ReactNode;
}

/**
 * The kit's one slim top line: the host's status, then the trial notice (spec chat.md §1: the app
 * is for trying the messaging features, not for business talks or money requests). The notice
 * keeps to one line, cut with an ellipsis and whole in its tooltip and for screen readers; it is
 * closable and stays closed until the kit is mounted again.
 */
export function TrialBanner({ children }: TrialBannerProps) {
  const t = useConversationText();
  const [isOpen, setIsOpen] = useState(true);
  if (!isOpen && !children) return null;
  return (
    <div className="lc-kit__notice">
      {children ? <div className="lc-kit__notice-host">{children}</div> : null}
      {isOpen ? (
        <div className="lc-conv-banner lc-conv-banner--trial lc-kit__trial" role="note" title={t('trialNotice')}>
          <span className="lc-conv-banner__text">{t('trialNotice')}</span>
          <button
            type="button"
            className="lc-conv-banner__close"
            aria-label={t('close')}
            onClick={() => setIsOpen(false)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
