import { Card, Statistic } from 'antd';
import { Link } from 'react-router';

export interface StatItem {
  key: string;
  label: string;
  value: number;
  /** A smaller note under the figure, e.g. the part of it that waits. */
  note?: string;
  /** The page that holds the items counted. */
  to?: string;
}

/** Key figures as a grid of cards; a card with a destination is a link to it. */
export function StatCards({ items, label }: { items: readonly StatItem[]; label: string }) {
  return (
    <ul className="stat-cards" aria-label={label}>
      {items.map((item) => {
        const card = (
          <Card size="small" className="stat-cards__card" hoverable={item.to !== undefined}>
            <Statistic title={item.label} value={item.value} />
            {item.note && <div className="stat-cards__note">{item.note}</div>}
          </Card>
        );
        return (
          <li key={item.key}>
            {item.to ? (
              <Link to={item.to} className="stat-cards__link">
                {card}
              </Link>
            ) : (
              card
            )}
          </li>
        );
      })}
    </ul>
  );
}
