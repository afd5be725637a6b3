import { Grid, Pagination } from 'antd';
import { useRef } from 'react';
import { bringTopIntoView } from './bring-top-into-view';
import './public.css';

interface ListPagerProps {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** What the total counts: 共 N 项 unless told. */
  unit?: string;
}

/**
 * The pager under a public list (compact on phones). Turning the page brings the list's top (the
 * pager's container) back into view when the reader has scrolled below it; a filter change, by
 * contrast, leaves the reader where they are (use-url-params.ts).
 */
export function ListPager({ current, pageSize, total, onChange, unit = '项' }: ListPagerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const isPhone = Grid.useBreakpoint().md === false;

  function handleChange(page: number) {
    onChange(page);
    bringTopIntoView(ref.current?.parentElement);
  }

  return (
    <div ref={ref} className="public-pager">
      <Pagination
        align="center"
        current={current}
        pageSize={pageSize}
        total={total}
        onChange={handleChange}
        showSizeChanger={false}
        showTotal={isPhone ? undefined : (count) => `共 ${count} ${unit}`}
        simple={isPhone}
      />
    </div>
  );
}
