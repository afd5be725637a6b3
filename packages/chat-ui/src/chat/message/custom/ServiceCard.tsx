import { useTranslation } from 'react-i18next';
import { parseObject, safeHttpURL, stringField } from './custom-data';
import type { CustomRenderer } from './custom-renderer';

interface KeyValue {
  key: string;
  value: string;
}

/**
 * Service consultation ('service'): a title with an optional link, a list of items (those whose
 * value is an http(s) URL become links) and a description. Fields are read from the data, or from
 * the extension JSON as the reference kit sends them.
 */
export const ServiceCard: CustomRenderer = ({ data, message }) => {
  const { t } = useTranslation('message');
  const fields = { ...parseObject(message.payload.extension), ...data };
  const hyperlink = keyValue(fields.hyperlinks_text);
  const items = (Array.isArray(fields.item) ? fields.item : []).map(keyValue).filter((x) => x !== undefined);
  const hyperlinkURL = safeHttpURL(hyperlink?.value);
  return (
    <div className="lc-card lc-service">
      <div className="lc-card__title">
        <bdi>{stringField(fields, 'title')}</bdi>
        {hyperlink && hyperlinkURL && (
          <a className="lc-link" href={hyperlinkURL} target="_blank" rel="noopener noreferrer nofollow">
            {hyperlink.key || t('serviceMore')}
          </a>
        )}
      </div>
      {items.length > 0 && (
        <ul className="lc-service__items">
          {items.map((item, index) => {
            const url = safeHttpURL(item.value);
            // Items of one message never move, so their position is a stable key.
            const key = `${index}`;
            return (
              <li key={key}>
                {url ? (
                  <a className="lc-link" href={url} target="_blank" rel="noopener noreferrer nofollow">
                    {item.key}
                  </a>
                ) : (
                  <bdi>{item.value ? `${item.key}: ${item.value}` : item.key}</bdi>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {stringField(fields, 'description') && <p className="lc-card__text">{stringField(fields, 'description')}</p>}
    </div>
  );
};

function keyValue(value: unknown): KeyValue | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const key = typeof record.key === 'string' ? record.key : '';
  const text = typeof record.value === 'string' ? record.value : '';
  return key || text ? { key: key || text, value: text } : undefined;
}
