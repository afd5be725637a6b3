import { useParams } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage';
import { EnterpriseAuthPage } from './user-center/EnterpriseAuthPage';
import { PersonAuthPage } from './user-center/PersonAuthPage';

/** The user centre: the menu parameter picks the page. */
export function UserCenterPage() {
  const { menu } = useParams();
  if (menu === 'person-auth') return <PersonAuthPage />;
  if (menu === 'enterprise') return <EnterpriseAuthPage />;
  return <NotFoundPage />;
}
