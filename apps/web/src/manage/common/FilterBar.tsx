import type { ReactNode } from 'react';
import './filter-bar.css';

/** The row of filters, search and actions above a list; one control a line on a phone. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="filter-bar">{children}</div>;
}
