import { useEffect, useState } from 'react';
import { silenceOf } from './group-rules';
import { useGroup } from './use-group';

/** setTimeout takes at most this many milliseconds (about 24.8 days); longer waits wake and look again. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * Why I may not speak in this group now, live: 'muted' while my mute lasts, 'mutedAll' while mute-all
 * is on and I am a plain member, else null. It follows the group (tips: a mute set or cancelled,
 * mute-all, my role) and wakes when the mute runs out, so the composer comes back by itself. In a
 * community's topic, `isTopicMutedAll` is the topic's mute-all.
 */
export function useSilence(groupID: string | null, isTopicMutedAll = false): 'muted' | 'mutedAll' | null {
  const group = useGroup(groupID ?? '');
  const [now, setNow] = useState(() => Date.now());
  const muteEndsMs = (group?.selfInfo?.muteTime ?? 0) * 1000;

  useEffect(() => {
    if (muteEndsMs <= Date.now()) return;
    let timer: ReturnType<typeof setTimeout>;
    const wake = () => {
      const wait = muteEndsMs - Date.now();
      if (wait <= 0) setNow(Date.now());
      else timer = setTimeout(wake, Math.min(wait + 50, LONGEST_TIMER_MS));
    };
    wake();
    return () => clearTimeout(timer);
  }, [muteEndsMs]);

  if (!groupID) return null;
  // A community topic's mute-all holds its plain members as the group's own does.
  const governing = group && isTopicMutedAll ? { ...group, muteAllMembers: true } : group;
  return silenceOf(governing, Math.max(now, Date.now()));
}
