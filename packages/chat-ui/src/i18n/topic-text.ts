import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A community's topics (Tencent's community topics, shown as channels): the topic list beside the
 * topic's chat, creating, renaming and deleting topics, and their toasts.
 */
const en = {
  listLabel: 'Topics',
  back: 'Back',
  createTopic: 'New topic',
  createTitle: 'New topic',
  renameTitle: 'Rename topic',
  nameLabel: 'Topic name',
  nameEmpty: 'Enter a name for the topic',
  nameTooLong: 'A topic name is at most 150 bytes (about 50 Chinese characters)',
  create: 'Create',
  save: 'Save',
  cancel: 'Cancel',
  rename: 'Rename',
  delete: 'Delete topic',
  deleteTitle: 'Delete topic',
  deleteText: 'Delete the topic “{{name}}”? Its messages go for every member.',
  topicActions: 'Topic actions',
  topicActionsFor: 'Actions for the topic {{name}}',
  empty: 'No topics yet',
  emptyManager: 'No topics yet: create the first one',
  loading: 'Loading topics…',
  loadFailed: 'The topics could not be loaded',
  retry: 'Retry',
  chooseTopic: 'Choose a topic to start chatting',
  created: 'Topic created',
  renamed: 'Topic renamed',
  deleted: 'Topic deleted',
  createFailed: 'Failed to create the topic',
  renameFailed: 'Failed to rename the topic',
  deleteFailed: 'Failed to delete the topic',
  topicGone: 'The topic “{{name}}” was deleted',
  onlyManagersSpeak: 'Only the owner and admins speak in this topic',
};

export type TopicTextKey = keyof typeof en;

const zhCN: Record<TopicTextKey, string> = {
  listLabel: '话题',
  back: '返回',
  createTopic: '新建话题',
  createTitle: '新建话题',
  renameTitle: '重命名话题',
  nameLabel: '话题名称',
  nameEmpty: '请输入话题名称',
  nameTooLong: '话题名称最多 150 字节（约 50 个汉字）',
  create: '创建',
  save: '保存',
  cancel: '取消',
  rename: '重命名',
  delete: '删除话题',
  deleteTitle: '删除话题',
  deleteText: '确定删除话题“{{name}}”吗？所有成员都将看不到其中的消息。',
  topicActions: '话题操作',
  topicActionsFor: '话题 {{name}} 的操作',
  empty: '暂无话题',
  emptyManager: '暂无话题，创建第一个吧',
  loading: '正在加载话题…',
  loadFailed: '话题加载失败',
  retry: '重试',
  chooseTopic: '选择一个话题开始聊天',
  created: '话题已创建',
  renamed: '话题已重命名',
  deleted: '话题已删除',
  createFailed: '创建话题失败',
  renameFailed: '重命名话题失败',
  deleteFailed: '删除话题失败',
  topicGone: '话题“{{name}}”已被删除',
  onlyManagersSpeak: '该话题仅群主和管理员可发言',
};

const zhTW: Record<TopicTextKey, string> = {
  listLabel: '話題',
  back: '返回',
  createTopic: '新建話題',
  createTitle: '新建話題',
  renameTitle: '重新命名話題',
  nameLabel: '話題名稱',
  nameEmpty: '請輸入話題名稱',
  nameTooLong: '話題名稱最多 150 位元組（約 50 個漢字）',
  create: '建立',
  save: '儲存',
  cancel: '取消',
  rename: '重新命名',
  delete: '刪除話題',
  deleteTitle: '刪除話題',
  deleteText: '確定刪除話題「{{name}}」嗎？所有成員都將看不到其中的訊息。',
  topicActions: '話題操作',
  topicActionsFor: '話題 {{name}} 的操作',
  empty: '暫無話題',
  emptyManager: '暫無話題，建立第一個吧',
  loading: '正在載入話題…',
  loadFailed: '話題載入失敗',
  retry: '重試',
  chooseTopic: '選擇一個話題開始聊天',
  created: '話題已建立',
  renamed: '話題已重新命名',
  deleted: '話題已刪除',
  createFailed: '建立話題失敗',
  renameFailed: '重新命名話題失敗',
  deleteFailed: '刪除話題失敗',
  topicGone: '話題「{{name}}」已被刪除',
  onlyManagersSpeak: '該話題僅群主和管理員可發言',
};

export const topicText = { en, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

/** Translates a key of the `topic` namespace, with `{{name}}` values. */
export type TopicT = (key: TopicTextKey, values?: Record<string, string | number>) => string;

/** The topic namespace's `t`, typed to its keys. */
export function useTopicText(): TopicT {
  const { t } = useTranslation('topic');
  return useCallback<TopicT>((key, values) => String(t(key, values ?? {})), [t]);
}
