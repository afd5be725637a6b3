import { useTranslation } from 'react-i18next';
import { safeHttpURL, stringField } from './custom-data';
import type { CustomRenderer } from './custom-renderer';

/** Order: picture, title, description and price; the whole card links to the order (http/https only). */
export const OrderCard: CustomRenderer = ({ data }) => {
  const { t } = useTranslation('message');
  const link = safeHttpURL(data.link);
  const image = safeHttpURL(data.imageUrl);
  const body = (
    <>
      {image && <img className="lc-order__image" src={image} alt="" width={64} height={64} />}
      <span className="lc-order__text">
        <bdi className="lc-card__title">{stringField(data, 'title') || t('order')}</bdi>
        {stringField(data, 'description') && <span className="lc-card__text">{stringField(data, 'description')}</span>}
        {stringField(data, 'price') && <span className="lc-order__price">{stringField(data, 'price')}</span>}
      </span>
    </>
  );
  return link ? (
    <a className="lc-card lc-order" href={link} target="_blank" rel="noopener noreferrer nofollow">
      {body}
    </a>
  ) : (
    <div className="lc-card lc-order">{body}</div>
  );
};
