import { type ServiceDescription, ServicePage } from './supply/ServicePage';

const DESIGNS: ServiceDescription = {
  variant: 'designs',
  title: '设计服务',
  intro:
    '汇集平台认证企业的产品设计、结构设计、模具与工艺开发、仿真分析能力，从概念方案到量产准备，每一步都能找到合适的研发伙伴。',
  points: [
    { title: '产品与结构设计', text: '外观、结构与样机设计，面向制造的设计评审' },
    { title: '模具与工艺开发', text: '模流分析、模具设计制造、工艺路线规划' },
    { title: '仿真与验证', text: '结构、热与流体仿真，试验方案与测试验证' },
  ],
  categoryId: 1,
  categoryName: '研发设计',
};

/** /designs: the design services (category 1 研发设计) of the capability library. */
export function DesignsPage() {
  return <ServicePage service={DESIGNS} />;
}
