/** A time as the management centre's lists show it: 2026-05-01 09:30, '—' for none. */
export function formatTime(ms: number | null): string {
  if (ms === null) return '—';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A time in the portal's locale (the admin and company lists). */
export function formatLocaleTime(ms: number | null): string {
  return ms === null ? '—' : new Date(ms).toLocaleString('zh-CN', { hour12: false });
}
