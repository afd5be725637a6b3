import type { Services } from '../gateway/handler-table';
import { accountCommands } from '../im/accounts/rest-commands';
import { modifyGroupMemberInfo } from '../im/conversations/member-remind';
import { recentContactCommands } from '../im/conversations/rest-commands';
import { openimConversationCommands } from '../im/conversations/rest-read-commands';
import { groupCommands } from '../im/groups/rest-group-commands';
import { groupListCommands } from '../im/groups/rest-group-list';
import { groupMessageCommands } from '../im/groups/rest-group-message-commands';
import { groupImportCommands } from '../im/groups/rest-import-commands';
import { memberCommands } from '../im/groups/rest-member-commands';
import { openimActionCommands } from '../im/message-actions/rest-commands';
import { groupRecallCommands } from '../im/message-actions/rest-group-recall';
import { openimMessageCommands } from '../im/messages/rest-commands';
import { openimImportCommands } from '../im/messages/rest-import-commands';
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
  'group_open_http_svc/create_group': groupCommands.create_group,
  'group_open_http_svc/get_group_info': groupCommands.get_group_info,
  'group_open_http_svc/get_group_member_info': memberCommands.get_group_member_info,
  'group_open_http_svc/add_group_member': memberCommands.add_group_member,
  'group_open_http_svc/delete_group_member': memberCommands.delete_group_member,
  'group_open_http_svc/modify_group_base_info': groupCommands.modify_group_base_info,
  'group_open_http_svc/destroy_group': groupCommands.destroy_group,
  'group_open_http_svc/get_role_in_group': memberCommands.get_role_in_group,
  'group_open_http_svc/forbid_send_msg': memberCommands.forbid_send_msg,
  'group_open_http_svc/get_group_muted_account': memberCommands.get_group_muted_account,
  'group_open_http_svc/get_group_shutted_uin': memberCommands.get_group_shutted_uin,
  'group_open_http_svc/change_group_owner': groupCommands.change_group_owner,
  'group_open_http_svc/modify_group_member_info': modifyGroupMemberInfo,
  'group_open_http_svc/get_online_member_num': memberCommands.get_online_member_num,
  'group_open_http_svc/get_joined_group_list': groupCommands.get_joined_group_list,
  'group_open_http_svc/send_group_msg': groupMessageCommands.send_group_msg,
  'group_open_http_svc/send_group_system_notification': groupMessageCommands.send_group_system_notification,
  'group_open_http_svc/group_msg_recall': groupRecallCommands.group_msg_recall,
  'group_open_http_svc/group_msg_get_simple': groupMessageCommands.group_msg_get_simple,
  // Moving history from another system (imports) and listing the app's groups.
  'openim/importmsg': openimImportCommands.importmsg,
  'group_open_http_svc/import_group': groupImportCommands.import_group,
  'group_open_http_svc/import_group_msg': groupImportCommands.import_group_msg,
  'group_open_http_svc/import_group_member': groupImportCommands.import_group_member,
  'group_open_http_svc/get_appid_group_list': groupListCommands.get_appid_group_list,
};
