import { useEffect, useRef, useState } from 'react';

/**
 * One request at a time from a card or dialog: `run` does nothing while another is under way, and
 * `busy` names the one running (to disable its button and say so).
 */
export function useBusy() {
  const [busy, setBusy] = useState<string | null>(null);
  const isMounted = useRef(true);
  const isRunning = useRef(false);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  const run = async (name: string, action: () => Promise<unknown>): Promise<void> => {
    if (isRunning.current) return;
    isRunning.current = true;
    setBusy(name);
    try {
      await action();
    } finally {
      isRunning.current = false;
      if (isMounted.current) setBusy(null);
    }
  };
  return { busy, run };
}
