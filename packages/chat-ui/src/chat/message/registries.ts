import type { Message } from '@liaison/sdk';
import type { ReactNode } from 'react';
import type { FeatureName } from '../../core/features';

/** An action in a message's menu (copy, revoke, quote… in coming versions). */
export interface MessageMenuItem {
  id: string;
  /** i18n key or text shown to the user. */
  label: string;
  /** The feature flag that turns the action off, if any. */
  feature?: FeatureName;
  /** Whether the action applies to this message (spec chat.md §5 action menu rules). */
  isAvailable(message: Message): boolean;
  onSelect(message: Message): void;
}

/** A button in the composer's toolbar, next to the emoji picker. */
export interface ToolbarItem {
  id: string;
  label: string;
  icon: ReactNode;
  /** The feature flag that hides the button, if any. */
  feature?: FeatureName;
  onSelect(context: { conversationID: string }): void;
}

/**
 * Extension points: features register into these arrays. Empty for now; the message list and
 * the composer read them when they render.
 */
export const messageMenuRegistry: MessageMenuItem[] = [];
export const toolbarRegistry: ToolbarItem[] = [];

/** Menu items that apply to a message. */
export function menuItemsFor(message: Message, registry: readonly MessageMenuItem[] = messageMenuRegistry) {
  return registry.filter((item) => item.isAvailable(message));
}
