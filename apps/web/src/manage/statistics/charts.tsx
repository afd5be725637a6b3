import type { CategoryCount, WeekChart as WeekData } from '@liaison/protocol';
import { Chart } from './Chart';

const COLORS = ['#1677ff', '#13a8a8', '#fa8c16', '#eb2f96'];

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
  const reversed = [...items].reverse();
  const option = {
    color: [color],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: reversed.map((item) => item.name),
      axisLabel: { width: 110, overflow: 'truncate' },
    },
    series: [
      {
        name: valueName,
        type: 'bar',
        data: reversed.map((item) => item.value),
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

/** My abilities per category: all of them and the published ones. */
export function CategoryBarChart({ label, categories }: { label: string; categories: readonly CategoryCount[] }) {
  const option = {
    color: [COLORS[0], COLORS[1]],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: categories.map((c) => c.categoryName), axisLabel: { interval: 0, rotate: 30 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '能力总数', type: 'bar', data: categories.map((c) => c.total) },
      { name: '已发布', type: 'bar', data: categories.map((c) => c.published) },
    ],
  };
  const table = {
    columns: ['分类', '能力总数', '已发布'],
    rows: categories.map((c) => ({ key: String(c.categoryId), name: c.categoryName, values: [c.total, c.published] })),
  };
  return <Chart label={label} option={option} table={table} height={300} />;
}
