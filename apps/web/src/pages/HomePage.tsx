import {
  ApartmentOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  FireOutlined,
  RobotOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SITE_NAME } from '../app/site';

interface Section {
  title: string;
  text: string;
  to: string;
  icon: ReactNode;
}

const SECTIONS: readonly Section[] = [
  {
    title: '能力库',
    text: '查找企业发布的生产、加工与服务能力',
    to: '/supply?currentPage=1&activeKey=0',
    icon: <AppstoreOutlined aria-hidden />,
  },
  { title: '企业集群', text: '了解区域与行业的企业集群', to: '/integrated', icon: <ClusterOutlined aria-hidden /> },
  { title: '新品发布', text: '关注企业最新发布的产品', to: '/newRelease', icon: <FireOutlined aria-hidden /> },
  { title: '产业链', text: '看清上下游，找到合作伙伴', to: '/industry', icon: <ApartmentOutlined aria-hidden /> },
  { title: '专家库', text: '对接行业专家与顾问', to: '/expert', icon: <TeamOutlined aria-hidden /> },
  { title: 'AI助手', text: '向 AI 助手咨询供应链问题', to: '/ai', icon: <RobotOutlined aria-hidden /> },
];

/** The home page: what the portal offers and the way into each part. */
export function HomePage() {
  return (
    <section className="page home">
      <div className="home__hero">
        <h1>{SITE_NAME}</h1>
        <p>连接供应链上下游企业：发布能力、寻找合作、在线沟通。</p>
      </div>
      <ul className="home__sections">
        {SECTIONS.map((section) => (
          <li key={section.title}>
            <Link to={section.to}>
              <Card hoverable>
                <Card.Meta avatar={section.icon} title={section.title} description={section.text} />
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
