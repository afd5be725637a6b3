import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What the kit tells about the other side and about failures: reactions, read status and the
 * read-receipt panel, typing, online status, desktop notifications and error toasts
 * (spec chat.md §2 "Read-receipt panel", §4 read status, §8 error catalogue).
 */
const en = {
  // Reactions
  reactions: 'Reactions',
  reaction: '{{name}}: {{count}}',
  reactionMine: '{{name}}: {{count}}, including you',
  listSeparator: ', ',
  reactedMore_one: 'and {{count}} more',
  reactedMore_other: 'and {{count}} more',
  reactionUsersLoading: 'Loading…',
  you: 'You',
  reactionPicker: 'Choose a reaction',
  reactionYours: '{{name}} (yours: choose to take it back)',
  moreReactions: 'More reactions',
  // Read status
  read: 'Read',
  unread: 'Unread',
  allRead: 'All read',
  readCount_one: '{{count}} read',
  readCount_other: '{{count}} read',
  readDetails: 'View who has read it',
  messageDetails: 'Message details',
  readTab: 'Read ({{count}})',
  unreadTab: 'Unread ({{count}})',
  readMembers: 'Members who have read it',
  unreadMembers: 'Members who have not read it',
  readEmpty: 'No one has read it yet',
  unreadEmpty: 'Everyone has read it',
  loading: 'Loading',
  loadingFinished: 'Loading finished',
  loadFailed: 'Failed to load: {{message}}',
  close: 'Close',
  // Typing and online status
  peerTyping: 'The other party is typing…',
  online: 'Online',
  offline: 'Offline',
  // Desktop notifications
  notificationFromGroup: '{{sender}}: {{abstract}}',
  // Toasts (spec §8)
  toasts: 'Notifications',
  dismiss: 'Dismiss',
  networkException: 'Network exception, please check the network settings',
  error3123: 'The text contains a locally blocked word',
  error4004: 'Image message failed: invalid image format',
  error4005: 'File message failed: sending a banned file is prohibited',
  error7004: 'The file does not exist, please check the path',
  error7005: 'The file is too large, maximum 100MB',
  error8001: 'Message too long, must not exceed 12K',
  error8003: 'The message does not exist',
  error80001: 'Text contains sensitive content, send failed',
  error80004: 'Image contains sensitive content, send failed',
  error20016: 'Withdrawal deadline has passed',
  error20003: 'The user does not exist',
  error10010: 'The group does not exist',
  error10011: 'The user is not in the group',
  error60045: 'You have reached the max reaction limit',
};

type AwarenessEntry = keyof typeof en;
/** A key as `t` takes it: plural entries (`readCount_one`, `readCount_other`) by their base name with a `count`. */
export type AwarenessTextKey = AwarenessEntry extends infer K
  ? K extends `${infer Base}_${'one' | 'other'}`
    ? Base
    : K
  : never;

const zhCN: Record<AwarenessEntry, string> = {
  reactions: '表情回应',
  reaction: '{{name}}：{{count}}',
  reactionMine: '{{name}}：{{count}}，包括你',
  listSeparator: '、',
  reactedMore_one: '还有{{count}}人',
  reactedMore_other: '还有{{count}}人',
  reactionUsersLoading: '加载中…',
  you: '你',
  reactionPicker: '选择表情回应',
  reactionYours: '{{name}}（已回应，再选一次撤回）',
  moreReactions: '更多表情',
  read: '已读',
  unread: '未读',
  allRead: '全部已读',
  readCount_one: '{{count}}人已读',
  readCount_other: '{{count}}人已读',
  readDetails: '查看已读成员',
  messageDetails: '消息详情',
  readTab: '已读（{{count}}）',
  unreadTab: '未读（{{count}}）',
  readMembers: '已读成员',
  unreadMembers: '未读成员',
  readEmpty: '暂无成员已读',
  unreadEmpty: '全部成员已读',
  loading: '加载中',
  loadingFinished: '加载完成',
  loadFailed: '加载失败：{{message}}',
  close: '关闭',
  peerTyping: '对方正在输入…',
  online: '在线',
  offline: '离线',
  notificationFromGroup: '{{sender}}：{{abstract}}',
  toasts: '提示',
  dismiss: '关闭',
  networkException: '网络异常，请检查网络设置',
  error3123: '文本中包含本地审核拦截词',
  error4004: '图片消息失败，无效的图片格式',
  error4005: '文件消息失败，禁止发送违禁文件',
  error7004: '文件不存在，请检查文件路径是否正确',
  error7005: '文件大小超出了限制，最大限制是100MB',
  error8001: '消息长度超出限制，消息长度不要超过12K',
  error8003: '消息不存在',
  error80001: '消息中文本存在敏感内容，发送失败',
  error80004: '消息中图片存在敏感内容，发送失败',
  error20016: '已过撤回时限',
  error20003: '该用户不存在',
  error10010: '该群组不存在',
  error10011: '该用户不在群组内',
  error60045: '已达到表情回应上限',
};

const zhTW: Record<AwarenessEntry, string> = {
  reactions: '表情回應',
  reaction: '{{name}}：{{count}}',
  reactionMine: '{{name}}：{{count}}，包括你',
  listSeparator: '、',
  reactedMore_one: '還有{{count}}人',
  reactedMore_other: '還有{{count}}人',
  reactionUsersLoading: '載入中…',
  you: '你',
  reactionPicker: '選擇表情回應',
  reactionYours: '{{name}}（已回應，再選一次撤回）',
  moreReactions: '更多表情',
  read: '已讀',
  unread: '未讀',
  allRead: '全部已讀',
  readCount_one: '{{count}}人已讀',
  readCount_other: '{{count}}人已讀',
  readDetails: '查看已讀成員',
  messageDetails: '訊息詳情',
  readTab: '已讀（{{count}}）',
  unreadTab: '未讀（{{count}}）',
  readMembers: '已讀成員',
  unreadMembers: '未讀成員',
  readEmpty: '暫無成員已讀',
  unreadEmpty: '全部成員已讀',
  loading: '載入中',
  loadingFinished: '載入完成',
  loadFailed: '載入失敗：{{message}}',
  close: '關閉',
  peerTyping: '對方正在輸入…',
  online: '線上',
  offline: '離線',
  notificationFromGroup: '{{sender}}：{{abstract}}',
  toasts: '提示',
  dismiss: '關閉',
  networkException: '網路異常，請檢查網路設定',
  error3123: '文字中包含本機審核攔截詞',
  error4004: '圖片訊息失敗，無效的圖片格式',
  error4005: '檔案訊息失敗，禁止傳送違禁檔案',
  error7004: '檔案不存在，請檢查檔案路徑是否正確',
  error7005: '檔案大小超出了限制，最大限制是100MB',
  error8001: '訊息長度超出限制，訊息長度不要超過12K',
  error8003: '訊息不存在',
  error80001: '訊息中文字存在敏感內容，傳送失敗',
  error80004: '訊息中圖片存在敏感內容，傳送失敗',
  error20016: '已過撤回時限',
  error20003: '該使用者不存在',
  error10010: '該群組不存在',
  error10011: '該使用者不在群組內',
  error60045: '已達到表情回應上限',
};

export const awarenessText = { en, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

/** Translates a key of the `awareness` namespace, with `{{name}}` values (and `count` for plurals). */
export type AwarenessT = (key: AwarenessTextKey, values?: Record<string, string | number>) => string;

/** The awareness namespace's `t`, typed to its keys. */
export function useAwarenessText(): AwarenessT {
  const { t } = useTranslation('awareness');
  return useCallback<AwarenessT>((key, values) => String(t(key, values ?? {})), [t]);
}
