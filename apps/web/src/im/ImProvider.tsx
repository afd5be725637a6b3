import { type ReactNode, useEffect, useState } from 'react';
import { useSession } from '../session/session-store';
import { connectIm, mayUseMessaging } from './connect-im';
import { ImCallLayer } from './ImCallLayer';
import { IM_OFFLINE, ImContext } from './im-context';

/**
 * Logs messaging in while a verified user is logged in (at start and after login), and hands
 * the SDK instance to the chat kit through ImContext. Calls ring app-wide (ImCallLayer).
 */
export function ImProvider({ children }: { children: ReactNode }) {
  const loginStatus = useSession((state) => state.loginStatus);
  const userType = useSession((state) => state.person?.userType);
  const [value, setValue] = useState(IM_OFFLINE);
  const eligible = loginStatus && mayUseMessaging(userType);

  useEffect(() => {
    if (!eligible) return;
    const stop = connectIm(setValue);
    return () => {
      stop();
      setValue(IM_OFFLINE);
    };
  }, [eligible]);

  return (
    <ImContext.Provider value={value}>
      {children}
      <ImCallLayer />
    </ImContext.Provider>
  );
}
