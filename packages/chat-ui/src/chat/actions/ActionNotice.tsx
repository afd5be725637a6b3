import { useEffect } from 'react';
import { useStoreValue } from '../../common/value-store';
import type { ChatSession } from './chat-session';
import './actions.css';

/** How long a notice stays. */
export const NOTICE_MS = 3000;

/**
 * The short line an action leaves ('Copied'), over the bottom of the message list for three
 * seconds, read out politely. Failures are the kit's error toasts, not this.
 */
export function ActionNotice({ session }: { session: ChatSession }) {
  const notice = useStoreValue(session.notice, (value) => value);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      if (session.notice.get() === notice) session.notice.set(null);
    }, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, session]);
  // Kept in the page while empty, so a screen reader hears what is put into it.
  return (
    <div className="lc-notice__slot" role="status">
      {notice && (
        <p key={notice.serial} className="lc-notice">
          {notice.text}
        </p>
      )}
    </div>
  );
}
