import { userIDSchema } from '@liaison/protocol';

/** Who may call the server REST API (docs/server-api.md). */
export interface RestApiSettings {
  /** IM_ADMIN_USERIDS: the app's administrator accounts; a call's identifier must be one of them. */
  adminUserIDs: readonly string[];
}

/** Tencent's console names the first administrator `administrator`. */
export const defaultRestApiSettings: RestApiSettings = { adminUserIDs: ['administrator'] };

/** IM_ADMIN_USERIDS: comma-separated userIDs; unset or empty keeps `administrator`. */
export function restApiFromEnv(env: NodeJS.ProcessEnv): RestApiSettings {
  const raw = env.IM_ADMIN_USERIDS;
  if (raw === undefined || raw.trim() === '') return defaultRestApiSettings;
  const adminUserIDs = raw.split(',').map((id) => id.trim());
  for (const id of adminUserIDs) {
    if (!userIDSchema.safeParse(id).success) {
      throw new Error(`IM_ADMIN_USERIDS must be comma-separated userIDs (letters, digits, _ and -), got "${raw}"`);
    }
  }
  return { adminUserIDs };
}
