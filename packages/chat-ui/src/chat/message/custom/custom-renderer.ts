import type { FunctionComponent } from 'react';
import type { MessageOf } from '../message-of';
import type { CustomData } from './custom-data';

export interface CustomRendererProps {
  message: MessageOf<'TIMCustomElem'>;
  /** The message's data, parsed. */
  data: CustomData;
}

/**
 * A custom kind's renderer. `isHidden` kinds are signals that never show as a message; a
 * 'centred' kind reads as a tip (no bubble, no avatar), the others sit in a bubble.
 */
export interface CustomRenderer extends FunctionComponent<CustomRendererProps> {
  isHidden?: boolean;
  layout?: 'bubble' | 'centred';
}

/** businessID → renderer. Hosts register their own kinds here (or replace the kit's). */
export type CustomRenderers = Record<string, CustomRenderer>;
