/** A day as the public lists show it (2026-05-01), in the deployment's zone like every date of the portal. */
export { formatDate } from '../../common/format-time';

/** A count as a reader takes it in at a glance: 1.2万 from ten thousand up. */
export function formatCount(n: number): string {
  return n >= 10_000 ? `${(n / 10_000).toFixed(1).replace(/\.0$/, '')}万` : String(n);
}
