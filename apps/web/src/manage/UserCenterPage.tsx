import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage';
import { EnterpriseAuthPage } from './user-center/EnterpriseAuthPage';
import { PersonAuthPage } from './user-center/PersonAuthPage';

/** The user-centre pages by menu parameter (manage-nav.ts USER_CENTER_MENUS). */
const PAGES: Record<string, ComponentType> = {
  'person-auth': PersonAuthPage,
  enterprise: EnterpriseAuthPage,
};

/** The user centre: the menu parameter picks the page. */
export function UserCenterPage() {
  const { menu } = useParams();
  const Page = PAGES[menu ?? ''] ?? NotFoundPage;
  return <Page />;
}
