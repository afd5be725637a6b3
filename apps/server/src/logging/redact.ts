import { IM_FILES_PATH } from '@liaison/protocol';

const UPLOAD_GRANT = new RegExp(`^(${IM_FILES_PATH}/upload/)[^?]+`);
const TOKEN_PARAMETER = /([?&]token=)[^&]*/g;

/**
 * A request URL fit for the log: upload grants and file access tokens are credentials (anyone
 * holding one may upload, or read a user's files for a day), so they are cut out.
 */
export function redactFileTokens(url: string): string {
  return url.replace(UPLOAD_GRANT, '$1…').replace(TOKEN_PARAMETER, '$1…');
}
