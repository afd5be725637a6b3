import { PortalPermission } from '@liaison/protocol';
import { Spin, Tabs } from 'antd';
import { fetchCategories } from '../api/abilities';
import { useHasPermi } from '../auth/Permission';
import { ListFailed } from '../common/ListFailed';
import { dataOf, useLoad } from '../common/use-load';
import { AbilityList } from './abilities/AbilityList';
import { RecycleBin } from './abilities/RecycleBin';
import './abilities/abilities.css';

/** 我的能力: the enterprise's capability entries and, for those who may delete, the recycle bin. */
export function AbilitiesPage() {
  const { loaded, reload } = useLoad('categories', () => fetchCategories().then(dataOf));
  const mayRemove = useHasPermi([PortalPermission.PRODUCT_REMOVE]);

  return (
    <section className="page">
      <h1 className="page__title">我的能力</h1>
      {loaded.state === 'loading' && <Spin />}
      {loaded.state === 'failed' && <ListFailed title="能力分类加载失败" onRetry={reload} />}
      {loaded.state === 'ready' && (
        // Each tab loads afresh when opened, so what one moved shows in the other.
        <Tabs
          destroyOnHidden
          items={[
            { key: 'list', label: '能力列表', children: <AbilityList categories={loaded.data} /> },
            ...(mayRemove ? [{ key: 'recycle', label: '回收站', children: <RecycleBin /> }] : []),
          ]}
        />
      )}
    </section>
  );
}
