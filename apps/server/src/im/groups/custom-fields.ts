import { customFields } from '../rows';
import { invalid } from './group-access';

export interface CustomField {
  key: string;
  value: string;
}

/**
 * Tencent's custom fields of a group or a member, after a change: the fields named are set and an
 * empty value removes its key (the last of a key named twice wins). More than `max` keys after the
 * change is 10004, naming `holder`. Also answers the keys whose value changed, with the value now
 * ('' when removed), as a group tip reports them.
 */
export function mergeCustomFields(
  stored: unknown,
  changes: readonly CustomField[],
  max: number,
  holder: string,
): { fields: CustomField[]; changed: CustomField[] } {
  const before = new Map(customFields(stored).map((f) => [f.key, f.value]));
  const next = new Map(before);
  for (const { key, value } of changes) {
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  if (next.size > max) throw invalid(`${holder} holds at most ${max} custom fields`);
  const named = [...new Set(changes.map((f) => f.key))];
  return {
    fields: [...next].map(([key, value]) => ({ key, value })),
    changed: named
      .filter((key) => before.get(key) !== next.get(key))
      .map((key) => ({ key, value: next.get(key) ?? '' })),
  };
}
