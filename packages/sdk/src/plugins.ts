import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { Logger } from './core/logger';

/**
 * Tencent's `registerPlugin` map (`tim-upload-plugin`, `tim-profanity-filter-plugin`, …), accepted
 * so that code written for Tencent's SDK runs unchanged. None is needed: files go to the Liaison
 * server over HTTP, and the server checks words itself (moderation). Each one is named in the log.
 */
export function acceptPlugins(plugins: unknown, logger: Pick<Logger, 'info'>): void {
  if (typeof plugins !== 'object' || plugins === null || Array.isArray(plugins)) {
    throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'registerPlugin takes an object of plugins by name');
  }
  for (const name of Object.keys(plugins)) {
    logger.info(`registerPlugin: ${name} is not needed with Liaison; files and word checks go to the server`);
  }
}
