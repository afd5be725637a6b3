import { z } from 'zod';
import { Limits } from '../constants';
import { displayText, safeText } from '../text';
import { userIDSchema } from '../wire';
import { namedAccountSchema } from './fields';

/** Tencent's limits for its account commands. */
export const RestAccountLimits = {
  /** multiaccount_import and account_check take at most 100 accounts a call. */
  ACCOUNTS_PER_CALL: 100,
  /** query_online_status asks about at most 500 accounts a call. */
  STATUS_ACCOUNTS_PER_CALL: 500,
} as const;

const importedAccountSchema = z.object({
  UserID: userIDSchema,
  Nick: displayText({ maxBytes: Limits.NICK_MAX_BYTES }).optional(),
  FaceUrl: safeText({ maxBytes: Limits.AVATAR_URL_MAX_BYTES }).optional(),
});

export type ImportedAccount = z.infer<typeof importedAccountSchema>;

const accountList = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(RestAccountLimits.ACCOUNTS_PER_CALL);

/** Request bodies of im_open_login_svc and openim/query_online_status, by command. */
export const restAccountSchemas = {
  account_import: importedAccountSchema,
  /** Tencent's two forms: the old list of IDs, and the new one with nick and picture. */
  multiaccount_import: z.union([
    z.object({ AccountList: accountList(importedAccountSchema) }),
    z.object({ Accounts: accountList(userIDSchema) }),
  ]),
  account_check: z.object({ CheckItem: accountList(z.object({ UserID: namedAccountSchema })) }),
  account_delete: z.object({ DeleteItem: accountList(z.object({ UserID: namedAccountSchema })) }),
  kick: z.object({ UserID: userIDSchema }),
  query_online_status: z.object({
    To_Account: z.array(namedAccountSchema).min(1).max(RestAccountLimits.STATUS_ACCOUNTS_PER_CALL),
    IsNeedDetail: z.union([z.literal(0), z.literal(1)]).optional(),
  }),
} as const;

export type RestAccountBody<K extends keyof typeof restAccountSchemas> = z.infer<(typeof restAccountSchemas)[K]>;

/** query_online_status's states: PushOnline (offline but reachable by push) is never answered here. */
export type RestOnlineStatus = 'Online' | 'PushOnline' | 'Offline';
