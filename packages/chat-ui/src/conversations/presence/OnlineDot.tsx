import { useAwarenessText } from '../../i18n/awareness-text';
import './presence.css';

/** The dot on a C2C avatar: green while the peer is online, grey once they are not (spec §4). */
export function OnlineDot({ status }: { status: 'online' | 'offline' }) {
  const t = useAwarenessText();
  const label = t(status);
  return (
    <span className={`lc-online-dot lc-online-dot--${status}`} data-status={status} title={label}>
      <span className="lc-conv-sr-only">{label}</span>
    </span>
  );
}
