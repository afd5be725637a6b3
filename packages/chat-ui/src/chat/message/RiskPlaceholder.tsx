import type { Message } from '@liaison/sdk';
import { useTranslation } from 'react-i18next';

/**
 * What a message flagged as risk content shows instead of its body (spec §8): the sender reads
 * that it failed to send; others read that audio cannot be listened to or the rest cannot be viewed.
 */
export function RiskPlaceholder({ message }: { message: Message }) {
  const { t } = useTranslation('message');
  const key = message.flow === 'out' ? 'riskOut' : message.type === 'TIMSoundElem' ? 'riskAudio' : 'riskOther';
  return <span className="lc-risk">{t(key)}</span>;
}
