import { RestError, RestErrorCode, restAccountSchemas } from '@liaison/protocol';
import type { PresenceService } from '../presence/presence-service';
import { type RestServiceCodes, restCommand } from '../rest-command';
import { type AccountDeletionDeps, deleteAccount } from './account-deletion';
import {
  type AccountDeps,
  existingAccounts,
  importAccount,
  importAccounts,
  kickAccount,
  onlineStatus,
} from './accounts';

/** Tencent's codes for a refused or failed account command. */
const ACCOUNT_CODES: RestServiceCodes = {
  invalidParams: RestErrorCode.ACCOUNT_INVALID_PARAMS,
  internal: RestErrorCode.ACCOUNT_INTERNAL,
};

interface StatusDeps extends AccountDeps {
  presence: PresenceService;
}

/** im_open_login_svc, and openim/query_online_status: accounts.ts. */
export const accountCommands = {
  account_import: restCommand({
    schema: restAccountSchemas.account_import,
    codes: ACCOUNT_CODES,
    async run(deps: AccountDeps, body) {
      await importAccount(deps, body);
      return {};
    },
  }),

  multiaccount_import: restCommand({
    schema: restAccountSchemas.multiaccount_import,
    codes: ACCOUNT_CODES,
    async run(deps: AccountDeps, body) {
      const accounts = 'AccountList' in body ? body.AccountList : body.Accounts.map((UserID) => ({ UserID }));
      return { FailAccounts: await importAccounts(deps, accounts) };
    },
  }),

  account_check: restCommand({
    schema: restAccountSchemas.account_check,
    codes: ACCOUNT_CODES,
    async run(deps: AccountDeps, body) {
      const existing = await existingAccounts(
        deps.db,
        body.CheckItem.map((item) => item.UserID),
      );
      return {
        ResultItem: body.CheckItem.map(({ UserID }) => ({
          UserID,
          ResultCode: 0,
          ResultInfo: '',
          AccountStatus: existing.has(UserID) ? 'Imported' : 'NotImported',
        })),
      };
    },
  }),

  account_delete: restCommand({
    schema: restAccountSchemas.account_delete,
    codes: ACCOUNT_CODES,
    async run(deps: AccountDeletionDeps, body) {
      const ResultItem: Array<{ UserID: string; ResultCode: number; ResultInfo: string }> = [];
      for (const UserID of new Set(body.DeleteItem.map((item) => item.UserID))) {
        try {
          await deleteAccount(deps, UserID);
          ResultItem.push({ UserID, ResultCode: 0, ResultInfo: '' });
        } catch (error) {
          if (!(error instanceof RestError)) throw error;
          ResultItem.push({ UserID, ResultCode: error.code, ResultInfo: error.message });
        }
      }
      return { ResultItem };
    },
  }),

  kick: restCommand({
    schema: restAccountSchemas.kick,
    codes: ACCOUNT_CODES,
    async run(deps: AccountDeps, body) {
      await kickAccount(deps, body.UserID);
      return {};
    },
  }),

  query_online_status: restCommand({
    schema: restAccountSchemas.query_online_status,
    codes: ACCOUNT_CODES,
    async run(deps: StatusDeps, body) {
      const asked = [...new Set(body.To_Account)];
      const existing = await existingAccounts(deps.db, asked);
      const found = asked.filter((userID) => existing.has(userID));
      return {
        QueryResult: found.map((userID) => {
          const Status = onlineStatus(deps.presence.isOnline(userID));
          return {
            To_Account: userID,
            Status,
            ...(body.IsNeedDetail === 1 ? { Detail: Status === 'Online' ? [{ Platform: 'Web', Status }] : [] } : {}),
          };
        }),
        ErrorList: asked
          .filter((userID) => !existing.has(userID))
          .map((userID) => ({ To_Account: userID, ErrorCode: RestErrorCode.ACCOUNT_NOT_IMPORTED })),
      };
    },
  }),
};
