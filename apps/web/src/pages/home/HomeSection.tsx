import { RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface HomeSectionProps {
  title: string;
  /** Where the whole list is, if anywhere. */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** One part of the home page: its heading, the way to the whole list, its content. */
export function HomeSection({ title, more, children }: HomeSectionProps) {
  return (
    <section className="public-section" aria-label={title}>
      <div className="public-section__head">
        <h2>{title}</h2>
        {more && (
          <Link to={more.to}>
            {more.label} <RightOutlined aria-hidden />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
