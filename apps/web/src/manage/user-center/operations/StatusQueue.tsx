import { Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { AdminPagedList, type ListCard } from '../../../common/PagedList';
import { FilterBar } from '../../common/FilterBar';
import type { usePagedQuery } from '../../common/use-paged-query';
import { type StatusFilter, statusOptions } from './status-filter';

interface StatusQueueProps<S extends number, Row extends { id: string }> {
  /** The status filter's accessible name. */
  label: string;
  statuses: Record<S, { label: string }>;
  /** The list's query, from `usePagedQuery` with a status filter. */
  query: ReturnType<typeof usePagedQuery<{ status: StatusFilter<S> }, Row>>;
  columns: ColumnsType<Row>;
  /** The card on a phone; the status stands beside its title. */
  card: (row: Row) => ListCard;
  status: (row: Row) => ReactNode;
  emptyText: string;
  failedText: string;
}

/** A queue the operators work through (orders, reports, applications): filtered by status, a table or cards. */
export function StatusQueue<S extends number, Row extends { id: string }>({
  label,
  statuses,
  query: { filters, filter, paged },
  columns,
  card,
  status,
  emptyText,
  failedText,
}: StatusQueueProps<S, Row>) {
  return (
    <>
      <FilterBar>
        <Select
          aria-label={label}
          value={filters.status}
          options={statusOptions(statuses)}
          onChange={(chosen) => filter({ status: chosen })}
        />
      </FilterBar>
      <AdminPagedList
        {...paged}
        columns={columns}
        card={(row) => {
          const shown = card(row);
          return {
            ...shown,
            title: (
              <Space wrap>
                {shown.title}
                {status(row)}
              </Space>
            ),
          };
        }}
        emptyText={emptyText}
        failedText={failedText}
      />
    </>
  );
}
