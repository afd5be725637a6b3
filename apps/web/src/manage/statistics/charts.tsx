import type { CategoryCount, WeekChart as WeekData } from '@liaison/protocol';
import { Chart } from './Chart';

const COLORS = ['#1677ff', '#13a8a8', '#fa8c16', '#eb2f96'];

/** A bar's figure at its end; none on an empty bar. */
const COUNT_LABEL = {
  show: true,
  position: 'right',
  formatter: ({ value }: { value: unknown }) => (value ? String(value) : ''),
};

const WEEK_SERIES = [
  ['views', '浏览量'],
  ['follows', '新增关注'],
  ['cooperations', '合作申请'],
  ['collections', '能力收藏'],
] as const;

/** 'YYYY-MM-DD' → 'MM-DD' for the axis. */
const shortDay = (day: string) => day.slice(5);

/** The last 7 days (Asia/Shanghai) of views, follows, cooperation requests and collections. */
export function WeekLineChart({ week, label, height = 300 }: { week: WeekData; label: string; height?: number }) {
  const option = {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: week.days.map(shortDay) },
    yAxis: { type: 'value', minInterval: 1 },
    series: WEEK_SERIES.map(([key, name]) => ({ name, type: 'line', smooth: true, data: week[key] })),
  };
  const table = {
    columns: ['日期', ...WEEK_SERIES.map(([, name]) => name)],
    rows: week.days.map((day, i) => ({ key: day, name: day, values: WEEK_SERIES.map(([key]) => week[key][i] ?? 0) })),
  };
  return <Chart label={label} option={option} table={table} height={height} />;
}

/** A ranking as horizontal bars, the first at the top. */
export function TopBarChart({
  label,
  valueName,
  items,
  color = COLORS[0],
}: {
  label: string;
  valueName: string;
  items: ReadonlyArray<{ key: string; name: string; value: number }>;
  color?: string;
}) {
  const option = {
    color: [color],
    ...barsByName(items.map((item) => item.name)),
    series: [
      {
        name: valueName,
        type: 'bar',
        data: items.map((item) => item.value).reverse(),
        label: { show: true, position: 'right' },
      },
    ],
  };
  const table = {
    columns: ['名称', valueName],
    rows: items.map((item) => ({ key: item.key, name: item.name, values: [item.value] })),
  };
  return <Chart label={label} option={option} table={table} height={Math.max(160, items.length * 32 + 24)} />;
}

/**
 * My abilities per category, all of them and the published ones, as horizontal bars: the category
 * names read level and apart on a phone, where upright bars crowded their labels together.
 */
export function CategoryBarChart({ label, categories }: { label: string; categories: readonly CategoryCount[] }) {
  const option = {
    color: [COLORS[0], COLORS[1]],
    legend: { top: 0 },
    ...barsByName(
      categories.map((c) => c.categoryName),
      32,
    ),
    series: [
      { name: '能力总数', type: 'bar', data: categories.map((c) => c.total).reverse(), label: COUNT_LABEL },
      { name: '已发布', type: 'bar', data: categories.map((c) => c.published).reverse(), label: COUNT_LABEL },
    ],
  };
  const table = {
    columns: ['分类', '能力总数', '已发布'],
    rows: categories.map((c) => ({ key: String(c.categoryId), name: c.categoryName, values: [c.total, c.published] })),
  };
  return <Chart label={label} option={option} table={table} height={Math.max(200, categories.length * 48 + 48)} />;
}

/** Horizontal bars a name each, the first at the top (a series' data goes in reversed to match). */
function barsByName(names: readonly string[], top = 8) {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 32, top, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: [...names].reverse(), axisLabel: { width: 110, overflow: 'truncate' } },
  };
}
