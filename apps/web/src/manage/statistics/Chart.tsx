import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption } from 'echarts-for-react/esm/types';
import { echarts } from './echarts';

// The ES module build: the CommonJS `lib/` one reaches the browser bundle as `{ default }`.

/** The numbers behind a chart, as a table for screen readers (and for anyone comparing). */
export interface ChartTable {
  /** The header of the first column, then one per series. */
  columns: readonly string[];
  rows: ReadonlyArray<ChartRow>;
}

export interface ChartRow {
  /** Unique among the rows (names may repeat). */
  key: string;
  name: string;
  values: readonly number[];
}

interface ChartProps {
  /** The chart's accessible name, also the hidden table's caption. */
  label: string;
  option: EChartsOption;
  table: ChartTable;
  height: number;
}

/** An ECharts chart named for assistive technology, with its numbers in a visually hidden table. */
export function Chart({ label, option, table, height }: ChartProps) {
  return (
    <figure className="stat-chart">
      <div role="img" aria-label={label}>
        <ReactEChartsCore echarts={echarts} option={option} opts={{ renderer: 'svg' }} style={{ height }} notMerge />
      </div>
      {/* Hidden around the table, not on it: a table grows to fit its rows whatever its size, and
          would stretch the page below the footer. */}
      <div className="visually-hidden">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(({ key, name, values }) => (
              <tr key={key}>
                <th scope="row">{name}</th>
                {values.map((value, i) => (
                  <td key={table.columns[i + 1]}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
