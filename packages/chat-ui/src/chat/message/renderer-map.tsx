import type { Message } from '@liaison/sdk';
import { createContext, type FunctionComponent, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** What every message renderer receives. */
export interface MessageRendererProps {
  message: Message;
}

/**
 * How the row places a message: in a padded bubble (text, cards), in a bubble without padding
 * (pictures and players fill it), centred without avatar (group tips, notices), or not at all
 * (signals such as typing status that are messages on the wire but never shown).
 */
export type RowLayout = 'bubble' | 'media' | 'centred' | 'hidden';

/** A message body component; it may say how its row lays it out (a bubble when it says nothing). */
export interface MessageRenderer extends FunctionComponent<MessageRendererProps> {
  layout?: RowLayout | ((message: Message) => RowLayout);
}

/** Message type (e.g. `TIMTextElem`) → the component that draws its body. */
export type MessageRenderers = Record<string, MessageRenderer>;

/** Shown for a type no renderer knows. */
export function UnknownMessage(_props: MessageRendererProps) {
  const { t } = useTranslation('chat');
  return <span className="lc-message-unknown">{t('unknownMessage')}</span>;
}

/** The renderer for a message type, or the unknown-type fallback. */
export function rendererFor(renderers: MessageRenderers, type: string): MessageRenderer {
  return Object.hasOwn(renderers, type) ? (renderers[type] ?? UnknownMessage) : UnknownMessage;
}

/** How the row lays out this message, as its renderer says. */
export function layoutOf(renderer: MessageRenderer, message: Message): RowLayout {
  const { layout } = renderer;
  if (typeof layout === 'function') return layout(message);
  return layout ?? 'bubble';
}

/**
 * The renderer map of the list a message is shown in, for bodies that show other messages (a
 * merged record's viewer). Through context rather than an import, because the map holds those
 * bodies: the list gives its own map, so a host's renderers apply inside records too.
 */
export const RenderersContext = createContext<MessageRenderers>({});

export function useMessageRenderers(): MessageRenderers {
  return useContext(RenderersContext);
}
