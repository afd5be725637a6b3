import type { Services } from '../gateway/handler-table';
import { accountCommands } from '../im/accounts/rest-commands';
import type { RestCommand } from '../im/rest-command';

/**
 * Every REST API command, by `<service>/<command>` as Tencent names it (docs/server-api.md). Each
 * line delegates to its capability's rest-commands.ts.
 */
export const restCommands: Readonly<Record<string, RestCommand<Services>>> = {
  'im_open_login_svc/account_import': accountCommands.account_import,
  'im_open_login_svc/multiaccount_import': accountCommands.multiaccount_import,
  'im_open_login_svc/account_check': accountCommands.account_check,
  'im_open_login_svc/kick': accountCommands.kick,
  'openim/query_online_status': accountCommands.query_online_status,
};
