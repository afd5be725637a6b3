import { useEffect, useState } from 'react';
import { startOfNextZonedDay, startOfZonedDay } from '../common/time-zone';
import { useKit } from '../core/kit-context';

/**
 * The start of the current day in the kit's zone, updated at midnight, so row times stay right
 * without re-rendering every minute.
 */
export function useToday(): number {
  const { timeZone } = useKit();
  const [today, setToday] = useState(() => startOfZonedDay(Date.now(), timeZone));
  useEffect(() => {
    const tomorrow = startOfNextZonedDay(today, timeZone);
    const timer = setTimeout(
      () => setToday(startOfZonedDay(Date.now(), timeZone)),
      Math.max(1000, tomorrow - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [today, timeZone]);
  return today;
}
