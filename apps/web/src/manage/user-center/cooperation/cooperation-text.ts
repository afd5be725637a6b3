import type { ApplyStatus } from '@liaison/protocol';

/** How each cooperation status reads and looks (antd Tag colours). */
export const APPLY_STATUS_TEXT: Record<ApplyStatus, { label: string; color: string }> = {
  0: { label: '待处理', color: 'processing' },
  1: { label: '已同意', color: 'success' },
  2: { label: '已拒绝', color: 'default' },
};

export const APPLY_STATUS_OPTIONS = [
  { value: -1, label: '全部状态' },
  { value: 0, label: '待处理' },
  { value: 1, label: '已同意' },
  { value: 2, label: '已拒绝' },
];
