/** One way the management centre writes times: 2026-05-01 09:30, '—' for none. */
export function formatTime(ms: number | null): string {
  if (ms === null) return '—';
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A day as the lists write it: 2026-05-01. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
