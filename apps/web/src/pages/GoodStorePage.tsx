import { PageEmpty } from './PageEmpty';

export function GoodStorePage() {
  return <PageEmpty title="积分商城" description="这里将展示可以用积分兑换的商品。" />;
}
