import { useEffect, useState } from 'react';
import { formatDuration } from '../chat/message/VideoMessage';

/** The call's running time ('1:05') from when it connected, ticking each second; '' before that. */
export function useCallDuration(connectedAt: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (connectedAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [connectedAt]);
  return connectedAt === null ? '' : formatDuration(Math.max(0, (now - connectedAt) / 1000));
}
