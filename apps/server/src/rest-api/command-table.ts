import type { Services } from '../gateway/handler-table';
import { accountCommands } from '../im/accounts/rest-commands';
import { recentContactCommands } from '../im/conversations/rest-commands';
import { openimConversationCommands } from '../im/conversations/rest-read-commands';
import { openimActionCommands } from '../im/message-actions/rest-commands';
import { openimMessageCommands } from '../im/messages/rest-commands';
import { profileCommands } from '../im/profiles/rest-commands';
import { snsCommands } from '../im/relations/rest-commands';
import type { RestCommand } from '../im/rest-command';

/**
 * Every REST API command, by `<service>/<command>` as Tencent names it (docs/server-api.md). Each
 * line delegates to its capability's rest-commands.ts.
 */
export const restCommands: Readonly<Record<string, RestCommand<Services>>> = {
  'im_open_login_svc/account_import': accountCommands.account_import,
  'im_open_login_svc/multiaccount_import': accountCommands.multiaccount_import,
  'im_open_login_svc/account_check': accountCommands.account_check,
  'im_open_login_svc/account_delete': accountCommands.account_delete,
  'im_open_login_svc/kick': accountCommands.kick,
  'openim/query_online_status': accountCommands.query_online_status,
  'profile/portrait_set': profileCommands.portrait_set,
  'profile/portrait_get': profileCommands.portrait_get,
  'sns/friend_add': snsCommands.friend_add,
  'sns/friend_import': snsCommands.friend_import,
  'sns/friend_delete': snsCommands.friend_delete,
  'sns/friend_get': snsCommands.friend_get,
  'sns/friend_check': snsCommands.friend_check,
  'sns/black_list_add': snsCommands.black_list_add,
  'sns/black_list_delete': snsCommands.black_list_delete,
  'sns/black_list_get': snsCommands.black_list_get,
  'sns/black_list_check': snsCommands.black_list_check,
  'recentcontact/get_list': recentContactCommands.get_list,
  'recentcontact/delete': recentContactCommands.delete,
  'openim/sendmsg': openimMessageCommands.sendmsg,
  'openim/batchsendmsg': openimMessageCommands.batchsendmsg,
  'openim/admin_getroammsg': openimMessageCommands.admin_getroammsg,
  'openim/admin_msgwithdraw': openimActionCommands.admin_msgwithdraw,
  'openim/modify_c2c_msg': openimActionCommands.modify_c2c_msg,
  'openim/admin_set_msg_read': openimConversationCommands.admin_set_msg_read,
  'openim/get_c2c_unread_msg_num': openimConversationCommands.get_c2c_unread_msg_num,
};
