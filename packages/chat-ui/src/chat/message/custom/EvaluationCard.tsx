import { useTranslation } from 'react-i18next';
import { numberField, stringField } from './custom-data';
import type { CustomRenderer } from './custom-renderer';

export const MAX_STARS = 5;

/** Evaluation ('evaluate'): 1–5 stars and the comment. */
export const EvaluationCard: CustomRenderer = ({ data }) => {
  const { t } = useTranslation('message');
  const score = Math.min(MAX_STARS, Math.max(0, Math.round(numberField(data, 'score') ?? 0)));
  const comment = stringField(data, 'comment');
  return (
    <div className="lc-card lc-evaluation">
      <div className="lc-card__title">{t('evaluation')}</div>
      <div className="lc-evaluation__stars" role="img" aria-label={t('stars', { count: score })}>
        {Array.from({ length: MAX_STARS }, (_, index) => (
          <span key={String(index)} className={index < score ? 'lc-star lc-star--on' : 'lc-star'} aria-hidden="true">
            ★
          </span>
        ))}
      </div>
      {comment && <p className="lc-card__text">{comment}</p>}
    </div>
  );
};
