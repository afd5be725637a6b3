import type { AppCredentials } from '../auth/usersig';
import type { Sql } from '../db/database';
import type { BlobStore } from './blob-store';
import type { FileVariantName } from './file-access';
import type { FileModeration } from './moderation';

/** What the upload, download and sweep code works with. */
export interface FileContext {
  db: Sql;
  app: AppCredentials;
  store: BlobStore;
  moderation: FileModeration;
  log(err: unknown, context: string): void;
}

/** Where a file's bytes (or one of an image's sizes) are kept in the BlobStore. */
export function blobKey(fileID: string, variant?: FileVariantName): string {
  return variant ? `${fileID}/${variant}` : fileID;
}

const ALL_SIZES = [undefined, 'large', 'small'] as const;

/** Removes every blob a file may have and then its row; a refusal or a sweep leaves nothing behind. */
export async function discardFile(ctx: FileContext, fileID: string): Promise<void> {
  await Promise.all(ALL_SIZES.map((variant) => ctx.store.delete(blobKey(fileID, variant))));
  await ctx.db.query('DELETE FROM files WHERE file_id = $1', [fileID]);
}
