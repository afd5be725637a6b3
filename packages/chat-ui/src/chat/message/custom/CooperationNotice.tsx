import { useTranslation } from 'react-i18next';
import { stringField } from './custom-data';
import type { CustomRenderer } from './custom-renderer';

/**
 * The notice an agreed cooperation request leaves in the C2C chat (businessID 'cooperation', sent
 * by the portal server): a centred card naming the ability. Text only: the kit has no way to open
 * the portal's pages.
 */
export const CooperationNotice: CustomRenderer = ({ data }) => {
  const { t } = useTranslation('message');
  const ability = stringField(data, 'productName');
  return (
    <div className="lc-cooperation" role="note" aria-label={t('cooperationTitle')}>
      <span className="lc-cooperation__title">{t('cooperationTitle')}</span>
      <p className="lc-cooperation__text">
        {ability ? t('cooperationAgreed', { ability }) : t('cooperationAgreedUnnamed')}
      </p>
    </div>
  );
};
CooperationNotice.layout = 'centred';
