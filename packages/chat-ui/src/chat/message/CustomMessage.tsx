import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { businessIDOf, parseCustomData } from './custom/custom-data';
import { customRendererFor, customRenderers } from './custom/custom-renderers';
import type { MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';

/**
 * A custom message, drawn by the renderer registered for its businessID; any other custom content
 * reads as its description or '[custom message]', never as raw JSON.
 */
export const CustomMessage: MessageRenderer = ({ message }) => {
  const { t } = useTranslation('message');
  const custom = message as MessageOf<'TIMCustomElem'>;
  const data = useMemo(() => parseCustomData(custom), [custom]);
  const Renderer = customRendererFor(customRenderers, businessIDOf(data));
  if (Renderer) return <Renderer message={custom} data={data} />;
  return <span className="lc-message-unknown">{custom.payload.description || t('customFallback')}</span>;
};
CustomMessage.layout = (message) => {
  const renderer = customRendererFor(customRenderers, businessIDOf(parseCustomData(message)));
  if (renderer?.isHidden) return 'hidden';
  return renderer?.layout ?? 'bubble';
};
