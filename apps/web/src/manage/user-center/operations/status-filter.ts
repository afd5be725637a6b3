/** A list's status filter: one status, or every one. */
export const ALL = -1;
export type StatusFilter<S extends number> = S | typeof ALL;

/** 全部状态 first, then each status by its label. */
export function statusOptions<S extends number>(
  labels: Record<S, { label: string }>,
): Array<{ value: StatusFilter<S>; label: string }> {
  const each = (Object.entries(labels) as Array<[string, { label: string }]>).map(([value, { label }]) => ({
    value: Number(value) as S,
    label,
  }));
  return [{ value: ALL, label: '全部状态' }, ...each];
}
