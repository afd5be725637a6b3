import { Tabs, type TabsProps } from 'antd';

/** A management page whose lists sit in tabs under its title. */
export function TabsPage({ title, tabs }: { title: string; tabs: NonNullable<TabsProps['items']> }) {
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <Tabs items={tabs} />
    </section>
  );
}
