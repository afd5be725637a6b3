/** How the VIP and points pages write money and the sign-in days. */

/** Fen as yuan: 6800 → '¥68.00'. */
export function yuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** A 'YYYY-MM-DD' day (the server's Shanghai day) as '05-12' and '周二', whatever the reader's time zone. */
export function dayLabel(day: string): { date: string; weekday: string } {
  const weekday = WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? '';
  return { date: day.slice(5), weekday: `周${weekday}` };
}
