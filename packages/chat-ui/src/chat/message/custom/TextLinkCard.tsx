import { useTranslation } from 'react-i18next';
import { safeHttpURL, stringField } from './custom-data';
import type { CustomRenderer } from './custom-renderer';

/** Text link ('link'): the text, and a 'view details' link when it is http or https. */
export const TextLinkCard: CustomRenderer = ({ data }) => {
  const { t } = useTranslation('message');
  const link = safeHttpURL(data.link);
  return (
    <div className="lc-card lc-text-link">
      <p className="lc-card__text">{stringField(data, 'text')}</p>
      {link && (
        <a className="lc-link" href={link} target="_blank" rel="noopener noreferrer nofollow">
          {t('viewDetails')}
        </a>
      )}
    </div>
  );
};
