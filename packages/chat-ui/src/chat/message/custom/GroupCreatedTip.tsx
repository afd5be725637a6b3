import { useTranslation } from 'react-i18next';
import { stringField } from './custom-data';
import type { CustomRenderer } from './custom-renderer';

/**
 * 'X created the group' (the reference chat kit's `group_create` message, which the server sends
 * to open every new group): a centred tip naming the creator by the nick the message carries.
 */
export const GroupCreatedTip: CustomRenderer = ({ message, data }) => {
  const { t } = useTranslation('message');
  const creator = stringField(data, 'opUser') || message.nick || message.from || t('someone');
  return <span className="lc-tip">{t('tipGroupCreated', { names: creator })}</span>;
};
GroupCreatedTip.layout = 'centred';
