import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../common/NotFoundPage';
import { ContentPage } from './user-center/ContentPage';
import { CooperationPage } from './user-center/CooperationPage';
import { DeploymentPage } from './user-center/DeploymentPage';
import { EducationPage } from './user-center/EducationPage';
import { EnterpriseAuthPage } from './user-center/EnterpriseAuthPage';
import { FollowsPage } from './user-center/FollowsPage';
import { OfficialPushPage } from './user-center/OfficialPushPage';
import { OperationsPage } from './user-center/OperationsPage';
import { PersonAuthPage } from './user-center/PersonAuthPage';
import { PlatformContentPage } from './user-center/PlatformContentPage';
import { PointsPage } from './user-center/PointsPage';
import { ReviewPage } from './user-center/ReviewPage';
import { VipPage } from './user-center/VipPage';

/** The user-centre pages by menu parameter (manage-nav.ts USER_CENTER_MENUS). */
const PAGES: Record<string, ComponentType> = {
  'person-auth': PersonAuthPage,
  enterprise: EnterpriseAuthPage,
  vip: VipPage,
  points: PointsPage,
  cooperation: CooperationPage,
  follows: FollowsPage,
  'official-push': OfficialPushPage,
  review: ReviewPage,
  content: ContentPage,
  'platform-content': PlatformContentPage,
  education: EducationPage,
  operations: OperationsPage,
  deployment: DeploymentPage,
};

/** The user centre: the menu parameter picks the page. */
export function UserCenterPage() {
  const { menu } = useParams();
  const Page = PAGES[menu ?? ''] ?? NotFoundPage;
  return <Page />;
}
