import type { NeedMark } from '@liaison/protocol';

/** The tabs of 推送给我, by mark. */
export const PUSHED_TABS: ReadonlyArray<{ mark: NeedMark; label: string }> = [
  { mark: 0, label: '新推送' },
  { mark: 1, label: '感兴趣' },
  { mark: 2, label: '已忽略' },
];

export const MARK_TAGS: Record<NeedMark, { label: string; color: string }> = {
  0: { label: '未标记', color: 'default' },
  1: { label: '感兴趣', color: 'success' },
  2: { label: '已忽略', color: 'default' },
};

/** The tabs of 我的需求, by need status. */
export const MY_TABS = [
  { status: 0, label: '进行中' },
  { status: 1, label: '已关闭' },
] as const;
