import type { ChatSDK, Message } from '@liaison/sdk';
import { type RefObject, useMemo, useRef } from 'react';
import type { Features } from '../../core/features';
import { canHaveMenu, messageActions } from '../actions/action-rules';
import type { ChatSession } from '../actions/chat-session';
import { hasExtraMenuItems, type MenuPlacement, MessageMenu } from '../actions/MessageMenu';
import type { MenuAnchor, RowActions } from '../actions/row-actions';
import { useActionRunner } from '../actions/use-action-runner';
import { layoutOf, type MessageRenderers, rendererFor } from '../message/renderers';
import { composerBridge } from '../quote/composer-bridge';
import type { MessageStore } from './message-store';
import { revokedTextOf } from './revoked-texts';

/** spec §2: a message nearer the list's top than this gets its menu below it, not above. */
export const MENU_BELOW_WITHIN_PX = 160;

/** What decides the actions a message's menu offers. */
export interface MenuRules {
  features: Features;
  isDesktop: boolean;
  isMember: boolean;
}

/** A message's menu, open at a place in the list. */
export interface OpenMenu {
  messageID: string;
  at: MenuPlacement;
}

/**
 * What the list's rows may ask of it (row-actions.ts): whether a message has a menu and opening
 * it, jumping to a quoted message, re-editing a revoked text, selecting. One stable object while
 * its inputs stay the same.
 */
export function useListRowActions(
  chat: ChatSDK,
  conversationID: string,
  store: MessageStore,
  session: ChatSession,
  rules: MenuRules,
  renderers: MessageRenderers,
  section: RefObject<HTMLElement | null>,
  onOpenMenu: (menu: OpenMenu) => void,
): RowActions {
  const renderersRef = useRef(renderers);
  renderersRef.current = renderers;
  return useMemo<RowActions>(
    () => ({
      hasMenu: (message, layout) =>
        messageActions(message, { ...rules, layout }).length > 0 ||
        (canHaveMenu(message, { isMember: rules.isMember, layout }) && hasExtraMenuItems(message, rules.features)),
      openMenu: (message, anchor) => {
        if (session.selection.get().isActive) return;
        const layout = layoutOf(rendererFor(renderersRef.current, message.type), message);
        const actions = messageActions(message, { ...rules, layout });
        const hasExtra =
          canHaveMenu(message, { isMember: rules.isMember, layout }) && hasExtraMenuItems(message, rules.features);
        if (actions.length === 0 && !hasExtra) return;
        onOpenMenu({ messageID: message.ID, at: menuPlacement(anchor, section.current) });
      },
      jumpTo: (messageID, sequence) => void store.jumpTo({ messageID, sequence }),
      reEdit: (messageID) => {
        const text = revokedTextOf(chat, messageID);
        if (text !== undefined) composerBridge(chat, conversationID).putBack(text);
      },
      toggleSelected: (messageID) => session.toggleSelected(messageID),
    }),
    [rules, session, store, chat, conversationID, section, onOpenMenu],
  );
}

interface MenuHostProps {
  store: MessageStore;
  session: ChatSession;
  message: Message;
  at: MenuPlacement;
  rules: MenuRules;
  renderers: MessageRenderers;
  onClose(): void;
}

/** The open menu, inside the list's image previewer so 'open' can show a picture there. */
export function MenuHost({ store, session, message, at, rules, renderers, onClose }: MenuHostProps) {
  const run = useActionRunner(store, session);
  const layout = layoutOf(rendererFor(renderers, message.type), message);
  const actions = messageActions(message, { ...rules, layout });
  return <MessageMenu message={message} actions={actions} at={at} onAction={run} onClose={onClose} />;
}

/**
 * Where a menu opens: against the bubble, above it, or below it when the bubble is within 160 px
 * of the list's top (spec §2). It starts at the bubble's outer edge: the left for others'
 * messages, the right for mine (where it then flips to end there, as it cannot run off screen).
 */
export function menuPlacement(anchor: MenuAnchor, list: HTMLElement | null): MenuPlacement {
  const rect = anchor.element.getBoundingClientRect();
  const top = list?.getBoundingClientRect().top ?? 0;
  const x = anchor.element.closest('.lc-msg--out') ? rect.right : rect.left;
  return rect.top - top < MENU_BELOW_WITHIN_PX
    ? { point: { x, y: rect.bottom + 4 }, placement: 'below' }
    : { point: { x, y: rect.top - 4 }, placement: 'above' };
}
