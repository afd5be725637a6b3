import type { Message } from '@liaison/sdk';
import { useTranslation } from 'react-i18next';
import type { Point } from '../../common/menu-position';
import { PopupMenu, type PopupMenuItem } from '../../common/PopupMenu';
import { enabledItems, type Features } from '../../core/features';
import { useKit } from '../../core/kit-context';
import type { ActionTextKey } from '../../i18n/action-text';
import { menuItemsFor } from '../message/registries';
import { translationStore } from '../translate/translation-store';
import type { MessageActionID } from './action-rules';
import { getMenuReactions } from './menu-reactions';

/** Where the menu stands: its top-left corner, or (above a message) its bottom-left corner. */
export interface MenuPlacement {
  point: Point;
  placement: 'below' | 'above';
}

export interface MessageMenuProps {
  message: Message;
  /** The built-in actions that apply (action-rules), in menu order. */
  actions: readonly MessageActionID[];
  at: MenuPlacement;
  onAction(action: MessageActionID, message: Message): void;
  onClose(): void;
}

const LABELS: Record<MessageActionID, ActionTextKey> = {
  open: 'open',
  copy: 'copy',
  revoke: 'revoke',
  delete: 'delete',
  quote: 'quote',
  forward: 'forward',
  multiSelect: 'multiSelect',
  translate: 'translate',
  convert: 'convert',
};

/**
 * A message's action menu (spec §5): the reaction row when EmojiReaction is on and the reactions
 * feature has filled its slot, the built-in actions, then actions other features registered.
 * Translate and convert read 'hide …' while their result is shown. Keyboard as every PopupMenu:
 * arrows move, Enter activates, Escape closes and focus returns to the message.
 */
export function MessageMenu({ message, actions, at, onAction, onClose }: MessageMenuProps) {
  const { t } = useTranslation('action');
  const { chat, features } = useKit();
  const results = translationStore(chat);
  const Reactions = features.EmojiReaction && message.status === 'success' ? getMenuReactions() : null;

  const label = (action: MessageActionID): string => {
    if (action === 'translate' && results.isShown('translation', message.ID)) return t('hideTranslation');
    if (action === 'convert' && results.isShown('conversion', message.ID)) return t('hideConversion');
    return t(LABELS[action]);
  };
  const items: PopupMenuItem[] = [
    ...actions.map((action) => ({
      key: action,
      label: label(action),
      isDanger: action === 'revoke' || action === 'delete',
      onSelect: () => onAction(action, message),
    })),
    ...enabledItems(menuItemsFor(message), features).map((item) => ({
      key: `extra:${item.id}`,
      label: t(item.label, { ns: ['action', 'chat'], defaultValue: item.label }),
      onSelect: () => item.onSelect(message),
    })),
  ];
  return (
    <PopupMenu
      label={t('menu')}
      point={at.point}
      placement={at.placement}
      items={items}
      onClose={onClose}
      header={Reactions ? <Reactions message={message} onDone={onClose} /> : undefined}
    />
  );
}

/**
 * The extra items and the reaction row a menu holds besides the built-in actions: a message with
 * none of the three gets no menu (spec §2: hidden when no action applies).
 */
export function hasExtraMenuItems(message: Message, features: Features): boolean {
  const hasReactions = features.EmojiReaction && getMenuReactions() !== null && message.status === 'success';
  return hasReactions || enabledItems(menuItemsFor(message), features).length > 0;
}
