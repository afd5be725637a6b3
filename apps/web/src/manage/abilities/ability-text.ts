import type { AbilityStatus } from '@liaison/protocol';

/** How each status reads and looks (antd Tag colours). */
export const STATUS_TEXT: Record<AbilityStatus, { label: string; color: string }> = {
  0: { label: '草稿', color: 'default' },
  1: { label: '已发布', color: 'success' },
  2: { label: '已下架', color: 'warning' },
};

export const STATUS_OPTIONS = [
  { value: -1, label: '全部状态' },
  { value: 0, label: '草稿' },
  { value: 1, label: '已发布' },
  { value: 2, label: '已下架' },
];

/** Editor images (spec portal.md §5). */
export const IMAGE_TEXT = {
  badFormat: '图片格式错误',
  tooLarge: '图片大小不能超过5MB',
  insertFailed: '图片插入失败',
};
