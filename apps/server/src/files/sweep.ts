import { blobKey, type FileContext } from './context';
import type { FileSettings } from './settings';

type SweepAges = Pick<FileSettings, 'grantMaxAgeMs' | 'uploadingMaxAgeMs' | 'unusedMaxAgeMs'>;

/**
 * Removes uploads nobody will finish or use: grants never used, uploads whose process stopped
 * mid-body, and finished files no message named in time. The row goes first, so of two processes
 * sweeping at once only one takes each file; its blobs follow.
 */
export async function sweepFiles(ctx: FileContext, ages: SweepAges, now = Date.now()): Promise<number> {
  const rows = await ctx.db.query<{ file_id: string }>(
    `DELETE FROM files
      WHERE (status = 'granted' AND created_at < $1)
         OR (status = 'uploading' AND created_at < $2)
         OR (status = 'ready' AND used_at IS NULL AND created_at < $3)
      RETURNING file_id`,
    [now - ages.grantMaxAgeMs, now - ages.uploadingMaxAgeMs, now - ages.unusedMaxAgeMs],
  );
  for (const { file_id } of rows) {
    await Promise.all(
      [blobKey(file_id), blobKey(file_id, 'large'), blobKey(file_id, 'small')].map((key) =>
        ctx.store.delete(key).catch((err: unknown) => ctx.log(err, `file sweep: deleting ${key}`)),
      ),
    );
  }
  return rows.length;
}

/** Runs the sweep every `settings.sweepIntervalMs`; the returned function stops it. */
export function sweepPeriodically(ctx: FileContext, settings: FileSettings): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepFiles(ctx, settings)
      .catch((err: unknown) => ctx.log(err, 'file sweep'))
      .finally(() => {
        running = false;
      });
  }, settings.sweepIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
