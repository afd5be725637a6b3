export interface TopNavEntry {
  key: string;
  label: string;
  to: string;
  /** Marked hot in the header. */
  isHot?: boolean;
  /** Paths (beyond the target's own) on which this entry is the current one. */
  paths: readonly string[];
}

/** Spec §2: the header's top navigation. */
export const TOP_NAV: readonly TopNavEntry[] = [
  { key: 'index', label: '首页', to: '/index', paths: ['/', '/index'] },
  { key: 'supply', label: '能力库', to: '/supply?currentPage=1&activeKey=0', paths: ['/supply', '/supplyDetail'] },
  { key: 'integrated', label: '企业集群', to: '/integrated', paths: ['/integrated', '/integrated-detail'] },
  {
    key: 'newRelease',
    label: '新品发布',
    to: '/newRelease',
    isHot: true,
    paths: ['/newRelease', '/publish-detail', '/news-detail'],
  },
  { key: 'industry', label: '产业链', to: '/industry', paths: ['/industry'] },
];

/** The top navigation entry the path belongs to, or '' for pages outside it. */
export function topNavKeyFor(path: string): string {
  return TOP_NAV.find((entry) => entry.paths.includes(path))?.key ?? '';
}

const COLOURED_HEADER_PREFIXES = ['/supplyDetail', '/manageCenter', '/newRelease', '/ai'];

/** Spec §2: these pages put the header on a coloured background. */
export function hasColouredHeader(path: string): boolean {
  return COLOURED_HEADER_PREFIXES.some((prefix) => path.startsWith(prefix));
}
