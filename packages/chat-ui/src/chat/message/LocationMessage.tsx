import { useTranslation } from 'react-i18next';
import { PinIcon } from './icons';
import type { MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';

/** A location card: the place's description, its coordinates, and a link to OpenStreetMap. */
export const LocationMessage: MessageRenderer = ({ message }) => {
  const { t } = useTranslation('message');
  const { payload } = message as MessageOf<'TIMLocationElem'>;
  const { latitude, longitude } = payload;
  const map = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
  return (
    <div className="lc-location">
      <span className="lc-location__pin">
        <PinIcon />
      </span>
      <span className="lc-location__text">
        <bdi className="lc-location__description">{payload.description || t('location')}</bdi>
        <span className="lc-location__coordinates">{formatCoordinates(latitude, longitude)}</span>
        <a className="lc-link" href={map} target="_blank" rel="noopener noreferrer nofollow">
          {t('openMap')}
        </a>
      </span>
    </div>
  );
};

/** 31.2304° N, 121.4737° E */
export function formatCoordinates(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const lon = `${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lon}`;
}
