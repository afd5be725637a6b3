import { Empty } from 'antd';

interface PageEmptyProps {
  title: string;
  /** What this page will show once its content is built. */
  description: string;
}

/** A page whose content is not built yet: its title and an honest sentence about what will be here. */
export function PageEmpty({ title, description }: PageEmptyProps) {
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <Empty description={description} />
    </section>
  );
}
