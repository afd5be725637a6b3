import { fileHandlers } from '../files/handlers';
import { callHandlers } from '../im/calls/handlers';
import { conversationHandlers } from '../im/conversations/handlers';
import { conversationSettingHandlers } from '../im/conversations/settings-handlers';
import { deploymentHandlers } from '../im/deployment/handlers';
import { followHandlers } from '../im/follows/handlers';
import { groupDataHandlers, groupHandlers } from '../im/groups/handlers';
import { messageActionHandlers } from '../im/message-actions/handlers';
import { messageExtensionHandlers } from '../im/message-extensions/handlers';
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
  getFriendGroupList: relationHandlers.getFriendGroupList,
  createFriendGroup: relationHandlers.createFriendGroup,
  deleteFriendGroup: relationHandlers.deleteFriendGroup,
  renameFriendGroup: relationHandlers.renameFriendGroup,
  addToFriendGroup: relationHandlers.addToFriendGroup,
  removeFromFriendGroup: relationHandlers.removeFromFriendGroup,
  followUser: followHandlers.followUser,
  unfollowUser: followHandlers.unfollowUser,
  getFollowList: followHandlers.getFollowList,
  getUserFollowInfo: followHandlers.getUserFollowInfo,
  checkFollowType: followHandlers.checkFollowType,

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
  clearHistoryMessage: conversationSettingHandlers.clearHistoryMessage,
  setAllMessageRead: conversationSettingHandlers.setAllMessageRead,
  setAllReceiveMessageOpt: conversationSettingHandlers.setAllReceiveMessageOpt,
  getAllReceiveMessageOpt: conversationSettingHandlers.getAllReceiveMessageOpt,
  setConversationCustomData: conversationSettingHandlers.setConversationCustomData,
  markConversation: conversationSettingHandlers.markConversation,
  getConversationGroupList: conversationSettingHandlers.getConversationGroupList,
  createConversationGroup: conversationSettingHandlers.createConversationGroup,
  deleteConversationGroup: conversationSettingHandlers.deleteConversationGroup,
  renameConversationGroup: conversationSettingHandlers.renameConversationGroup,
  addConversationsToGroup: conversationSettingHandlers.addConversationsToGroup,
  deleteConversationsFromGroup: conversationSettingHandlers.deleteConversationsFromGroup,

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
  setGroupMemberCustomField: groupHandlers.setGroupMemberCustomField,
  markGroupMemberList: groupHandlers.markGroupMemberList,
  searchGroupByID: groupHandlers.searchGroupByID,
  getGroupOnlineMemberCount: groupHandlers.getGroupOnlineMemberCount,

  initGroupAttributes: groupDataHandlers.initGroupAttributes,
  setGroupAttributes: groupDataHandlers.setGroupAttributes,
  deleteGroupAttributes: groupDataHandlers.deleteGroupAttributes,
  getGroupAttributes: groupDataHandlers.getGroupAttributes,
  setGroupCounters: groupDataHandlers.setGroupCounters,
  increaseGroupCounter: groupDataHandlers.increaseGroupCounter,
  decreaseGroupCounter: groupDataHandlers.decreaseGroupCounter,
  getGroupCounters: groupDataHandlers.getGroupCounters,
  pinGroupMessage: groupDataHandlers.pinGroupMessage,
  getPinnedGroupMessageList: groupDataHandlers.getPinnedGroupMessageList,

  sendMessageReadReceipt: receiptHandlers.sendMessageReadReceipt,
  getMessageReadReceiptList: receiptHandlers.getMessageReadReceiptList,
  getGroupMessageReadMemberList: receiptHandlers.getGroupMessageReadMemberList,

  addMessageReaction: reactionHandlers.addMessageReaction,
  removeMessageReaction: reactionHandlers.removeMessageReaction,
  getMessageReactions: reactionHandlers.getMessageReactions,
  getAllUserListOfMessageReaction: reactionHandlers.getAllUserListOfMessageReaction,

  setMessageExtensions: messageExtensionHandlers.setMessageExtensions,
  getMessageExtensions: messageExtensionHandlers.getMessageExtensions,
  deleteMessageExtensions: messageExtensionHandlers.deleteMessageExtensions,
  getJoinedCommunityList: topicHandlers.getJoinedCommunityList,
  createTopicInCommunity: topicHandlers.createTopicInCommunity,
  deleteTopicFromCommunity: topicHandlers.deleteTopicFromCommunity,
  updateTopicProfile: topicHandlers.updateTopicProfile,
  getTopicList: topicHandlers.getTopicList,

  searchCloudMessages: searchHandlers.searchCloudMessages,
  searchCloudGroups: searchHandlers.searchCloudGroups,
  searchCloudGroupMembers: searchHandlers.searchCloudGroupMembers,
  searchCloudUsers: searchHandlers.searchCloudUsers,
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

  getDeploymentAbilities: deploymentHandlers.getDeploymentAbilities,
};
