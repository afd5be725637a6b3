import { useEffect, useState } from 'react';

/**
 * A yes/no the server keeps about the reader (follows, collects, has contacted), loaded when
 * `key` changes and only while `isEnabled` (logged in); the page flips it after an action.
 * null while unknown. A failure reads as no (the request layer said why).
 */
export function useServerFlag(key: string, isEnabled: boolean, load: () => Promise<{ data: boolean }>) {
  const [value, setValue] = useState<boolean | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` reads
  useEffect(() => {
    if (!isEnabled) {
      setValue(false);
      return;
    }
    let isCurrent = true;
    setValue(null);
    load().then(
      (answer) => isCurrent && setValue(answer.data === true),
      () => isCurrent && setValue(false),
    );
    return () => {
      isCurrent = false;
    };
  }, [key, isEnabled]);
  return [value, setValue] as const;
}
