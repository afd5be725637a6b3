import { Spin } from 'antd';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteGuard } from '../auth/RouteGuard';
import type { RouteHandle, RouteTitle } from '../common/document-title';
import { NotFoundPage } from '../common/NotFoundPage';
import { USER_CENTER_MENUS } from '../manage/manage-nav';
import { HomePage } from '../pages/HomePage';
import { PageLoadError } from './PageLoadError';
import { RootLayout } from './RootLayout';

const USER_CENTER_TITLES: Readonly<Record<string, string>> = Object.fromEntries(
  USER_CENTER_MENUS.map(({ key, label }) => [key, label]),
);

/** Spec §2: every route of the portal, with its Chinese title; pages load when first visited. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: <Spin fullscreen description="加载中" />,
    // Fails without the shell around it (the shell itself failed): still in Chinese, with a reload.
    errorElement: <PageLoadError />,
    children: [
      {
        // A page that fails to load or render shows its error inside the header and footer.
        errorElement: <PageLoadError />,
        children: [
          { index: true, element: <Navigate to="/index" replace /> },
          {
            element: <RouteGuard />,
            children: [
              { path: 'index', Component: HomePage, handle: titled('首页') },
              page('search', '搜索', () => import('../pages/SearchPage').then((m) => m.SearchPage)),
              page('ai', 'AI助手', () => import('../pages/AiPage').then((m) => m.AiPage)),
              page('supply', '能力库', () => import('../pages/SupplyPage').then((m) => m.SupplyPage)),
              page('industry', '产业链', () => import('../pages/IndustryPage').then((m) => m.IndustryPage)),
              page('integrated', '企业集群', () => import('../pages/IntegratedPage').then((m) => m.IntegratedPage)),
              page('integrated-detail', '集群详情', () =>
                import('../pages/IntegratedDetailPage').then((m) => m.IntegratedDetailPage),
              ),
              page('news-detail', '资讯详情', () => import('../pages/NewsDetailPage').then((m) => m.NewsDetailPage)),
              page('supplyDetail', '能力详情', () =>
                import('../pages/SupplyDetailPage').then((m) => m.SupplyDetailPage),
              ),
              page('expert', '专家库', () => import('../pages/ExpertPage').then((m) => m.ExpertPage)),
              page('expertDetail', '专家详情', () =>
                import('../pages/ExpertDetailPage').then((m) => m.ExpertDetailPage),
              ),
              page('newRelease', '新品发布', () => import('../pages/NewReleasePage').then((m) => m.NewReleasePage)),
              page('publish-detail', '发布详情', () =>
                import('../pages/PublishDetailPage').then((m) => m.PublishDetailPage),
              ),
              page('matchOperations', '撮合运营', () =>
                import('../pages/MatchOperationsPage').then((m) => m.MatchOperationsPage),
              ),
              page('designs', '设计服务', () => import('../pages/DesignsPage').then((m) => m.DesignsPage)),
              page('warehousing', '仓储服务', () => import('../pages/WarehousingPage').then((m) => m.WarehousingPage)),
              page('companyMainPage', '企业主页', () =>
                import('../pages/CompanyMainPage').then((m) => m.CompanyMainPage),
              ),
              page('goodStore', '积分商城', () => import('../pages/GoodStorePage').then((m) => m.GoodStorePage)),
              page('test', '测试页', () => import('../pages/TestPage').then((m) => m.TestPage)),
              {
                path: 'manageCenter',
                handle: titled('管理中心'),
                lazy: () => import('../manage/ManageLayout').then((m) => ({ Component: m.ManageLayout })),
                children: [
                  { index: true, element: <Navigate to="/manageCenter/home" replace /> },
                  page('home', '管理中心', () => import('../manage/ManageHomePage').then((m) => m.ManageHomePage)),
                  page('abilities', '我的能力', () => import('../manage/AbilitiesPage').then((m) => m.AbilitiesPage)),
                  page('need-push', '需求推送', () => import('../manage/NeedPushPage').then((m) => m.NeedPushPage)),
                  page('integrated', '企业集群管理', () =>
                    import('../manage/company/ManageIntegratedPage').then((m) => m.ManageIntegratedPage),
                  ),
                  page('industry', '产业链管理', () =>
                    import('../manage/company/ManageIndustryPage').then((m) => m.ManageIndustryPage),
                  ),
                  page('message', '我的消息', () => import('../manage/MessagePage').then((m) => m.MessagePage)),
                  page('statistics', '数据统计', () =>
                    import('../manage/StatisticsPage').then((m) => m.StatisticsPage),
                  ),
                  page('sub-account', '子账号', () =>
                    import('../manage/sub-account/SubAccountPage').then((m) => m.SubAccountPage),
                  ),
                  page(
                    'userCenter/:menu',
                    ({ menu }) => USER_CENTER_TITLES[menu ?? ''] ?? '用户中心',
                    () => import('../manage/UserCenterPage').then((m) => m.UserCenterPage),
                  ),
                ],
              },
            ],
          },
          // The footer's pages: open to everyone, beta or not (the guard's beta check is for the portal's features).
          page('legal', '法律声明', () => import('../pages/site/LegalPage').then((m) => m.LegalPage)),
          page('cookie-policy', 'Cookie政策', () =>
            import('../pages/site/CookiePolicyPage').then((m) => m.CookiePolicyPage),
          ),
          page('report', '举报中心', () => import('../pages/site/ReportPage').then((m) => m.ReportPage)),
          page('contact', '联系我们', () => import('../pages/site/ContactPage').then((m) => m.ContactPage)),
          page('join', '加入我们', () => import('../pages/site/JoinPage').then((m) => m.JoinPage)),
          { path: '*', Component: NotFoundPage, handle: titled('页面不存在') },
        ],
      },
    ],
  },
  // WeChat sends the login window back here: a bare page, without the portal around it.
  {
    ...page('wechat-callback', '微信登录', () =>
      import('../pages/WechatCallbackPage').then((m) => m.WechatCallbackPage),
    ),
    hydrateFallbackElement: <Spin fullscreen description="加载中" />,
    errorElement: <PageLoadError />,
  },
];

function titled(title: RouteTitle): RouteHandle {
  return { title };
}

function page(path: string, title: RouteTitle, load: () => Promise<ComponentType>): RouteObject {
  return { path, handle: titled(title), lazy: () => load().then((Component) => ({ Component })) };
}
