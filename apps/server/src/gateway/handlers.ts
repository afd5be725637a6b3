import { fileHandlers } from '../files/handlers';
import { callHandlers } from '../im/calls/handlers';
import { conversationHandlers } from '../im/conversations/handlers';
import { groupHandlers } from '../im/groups/handlers';
import { messageActionHandlers } from '../im/message-actions/handlers';
import { messageHandlers } from '../im/messages/handlers';
import { presenceHandlers } from '../im/presence/handlers';
import { profileHandlers } from '../im/profiles/handlers';
import { reactionHandlers } from '../im/reactions/handlers';
import { receiptHandlers } from '../im/receipts/handlers';
import { relationHandlers } from '../im/relations/handlers';
import { searchHandlers } from '../im/search/handlers';
import { topicHandlers } from '../im/topics/handlers';
import { translationHandlers } from '../im/translation/handlers';
import type { HandlerTable } from './handler-table';
import { sessionHandlers } from './session-handlers';

/**
 * The op table: every op but login (gateway.ts runs that before there is a user), mapped to its
 * capability's handler. The gateway checks the session is logged in before calling one.
 */
export const handlers: HandlerTable = {
  logout: sessionHandlers.logout,
  heartbeat: sessionHandlers.heartbeat,

  getMyProfile: profileHandlers.getMyProfile,
  getUserProfile: profileHandlers.getUserProfile,
  updateMyProfile: profileHandlers.updateMyProfile,

  addFriend: relationHandlers.addFriend,
  getFriendApplicationList: relationHandlers.getFriendApplicationList,
  acceptFriendApplication: relationHandlers.acceptFriendApplication,
  refuseFriendApplication: relationHandlers.refuseFriendApplication,
  deleteFriendApplication: relationHandlers.deleteFriendApplication,
  setFriendApplicationRead: relationHandlers.setFriendApplicationRead,
  getFriendList: relationHandlers.getFriendList,
  getFriendProfile: relationHandlers.getFriendProfile,
  updateFriend: relationHandlers.updateFriend,
  deleteFriend: relationHandlers.deleteFriend,
  checkFriend: relationHandlers.checkFriend,
  addToBlacklist: relationHandlers.addToBlacklist,
  removeFromBlacklist: relationHandlers.removeFromBlacklist,
  getBlacklist: relationHandlers.getBlacklist,

  sendMessage: messageHandlers.sendMessage,
  downloadMergerMessage: messageHandlers.downloadMergerMessage,
  getMessageList: messageHandlers.getMessageList,
  syncMessages: messageHandlers.syncMessages,
  getMessageListHopping: messageHandlers.getMessageListHopping,

  createUpload: fileHandlers.createUpload,
  getFileAccessToken: fileHandlers.getFileAccessToken,

  revokeMessage: messageActionHandlers.revokeMessage,
  deleteMessage: messageActionHandlers.deleteMessage,
  modifyMessage: messageActionHandlers.modifyMessage,
  syncMessageChanges: messageActionHandlers.syncMessageChanges,

  getConversationList: conversationHandlers.getConversationList,
  getConversationProfile: conversationHandlers.getConversationProfile,
  deleteConversation: conversationHandlers.deleteConversation,
  pinConversation: conversationHandlers.pinConversation,
  setMessageRemindType: conversationHandlers.setMessageRemindType,
  setConversationDraft: conversationHandlers.setConversationDraft,
  setMessageRead: conversationHandlers.setMessageRead,
  getTotalUnreadMessageCount: conversationHandlers.getTotalUnreadMessageCount,

  getGroupList: groupHandlers.getGroupList,
  getGroupProfile: groupHandlers.getGroupProfile,
  getGroupMemberList: groupHandlers.getGroupMemberList,
  createGroup: groupHandlers.createGroup,
  joinGroup: groupHandlers.joinGroup,
  getGroupApplicationList: groupHandlers.getGroupApplicationList,
  handleGroupApplication: groupHandlers.handleGroupApplication,
  addGroupMember: groupHandlers.addGroupMember,
  deleteGroupMember: groupHandlers.deleteGroupMember,
  quitGroup: groupHandlers.quitGroup,
  dismissGroup: groupHandlers.dismissGroup,
  changeGroupOwner: groupHandlers.changeGroupOwner,
  setGroupMemberRole: groupHandlers.setGroupMemberRole,
  setGroupMemberMuteTime: groupHandlers.setGroupMemberMuteTime,
  updateGroupProfile: groupHandlers.updateGroupProfile,
  getGroupMemberProfile: groupHandlers.getGroupMemberProfile,
  setGroupMemberNameCard: groupHandlers.setGroupMemberNameCard,
  searchGroupByID: groupHandlers.searchGroupByID,
  getGroupOnlineMemberCount: groupHandlers.getGroupOnlineMemberCount,

  sendMessageReadReceipt: receiptHandlers.sendMessageReadReceipt,
  getMessageReadReceiptList: receiptHandlers.getMessageReadReceiptList,
  getGroupMessageReadMemberList: receiptHandlers.getGroupMessageReadMemberList,

  addMessageReaction: reactionHandlers.addMessageReaction,
  removeMessageReaction: reactionHandlers.removeMessageReaction,
  getMessageReactions: reactionHandlers.getMessageReactions,
  getAllUserListOfMessageReaction: reactionHandlers.getAllUserListOfMessageReaction,

  getJoinedCommunityList: topicHandlers.getJoinedCommunityList,
  createTopicInCommunity: topicHandlers.createTopicInCommunity,
  deleteTopicFromCommunity: topicHandlers.deleteTopicFromCommunity,
  updateTopicProfile: topicHandlers.updateTopicProfile,
  getTopicList: topicHandlers.getTopicList,

  searchCloudMessages: searchHandlers.searchCloudMessages,
  searchCloudGroups: searchHandlers.searchCloudGroups,
  searchCloudGroupMembers: searchHandlers.searchCloudGroupMembers,
  searchUsers: searchHandlers.searchUsers,

  setTypingStatus: presenceHandlers.setTypingStatus,
  getUserStatus: presenceHandlers.getUserStatus,
  subscribeUserStatus: presenceHandlers.subscribeUserStatus,
  unsubscribeUserStatus: presenceHandlers.unsubscribeUserStatus,
  setSelfStatus: presenceHandlers.setSelfStatus,

  translateText: translationHandlers.translateText,
  convertVoiceToText: translationHandlers.convertVoiceToText,

  getCallConfig: callHandlers.getCallConfig,
  startCall: callHandlers.startCall,
  acceptCall: callHandlers.acceptCall,
  rejectCall: callHandlers.rejectCall,
  hangupCall: callHandlers.hangupCall,
  joinCall: callHandlers.joinCall,
  inviteToCall: callHandlers.inviteToCall,
  getGroupCall: callHandlers.getGroupCall,
  getMyCalls: callHandlers.getMyCalls,
  sendCallSignal: callHandlers.sendCallSignal,
  setCallMediaState: callHandlers.setCallMediaState,
};
