/** How the VIP and points pages write money, times and days. */

/** Fen as yuan: 6800 → '¥68.00'. */
export function yuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

const dateTime = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const date = new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** ms since the epoch as '2026/05/12 08:30' on the reader's clock. */
export function formatDateTime(ms: number): string {
  return dateTime.format(new Date(ms));
}

export function formatDate(ms: number): string {
  return date.format(new Date(ms));
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** A 'YYYY-MM-DD' day (the server's Shanghai day) as '05-12' and '周二', whatever the reader's time zone. */
export function dayLabel(day: string): { date: string; weekday: string } {
  const weekday = WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? '';
  return { date: day.slice(5), weekday: `周${weekday}` };
}
