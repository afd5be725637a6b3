import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCaptcha } from '../../api/auth';
import type { Captcha } from '../../api/types';

/** A captcha loaded when the form mounts (each time the modal opens) and on every refresh. */
export function useCaptcha(): { captcha: Captcha | null; refresh: () => Promise<void> } {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    try {
      const { data } = await fetchCaptcha();
      // A slower earlier answer must not replace the picture of a later one.
      if (call === latest.current) setCaptcha(data);
    } catch {
      // The request layer has told the user; without a captcha there is nothing to show.
      if (call === latest.current) setCaptcha(null);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { captcha, refresh };
}
