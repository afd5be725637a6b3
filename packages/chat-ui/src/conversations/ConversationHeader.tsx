import { useState } from 'react';
import type { Point } from '../common/menu-position';
import { PopupMenu } from '../common/PopupMenu';
import { useKit } from '../core/kit-context';
import { StartConversationDialog } from '../relations/StartConversationDialog';
import { useConversationText } from './use-conversation-text';
import './conversation.css';

export interface ConversationHeaderProps {
  /** Opens a conversation: `C2C<userID>` or `GROUP<groupID>`. */
  onSelect(conversationID: string): void;
}

type DialogKind = 'c2c' | 'group';

/**
 * The list's header (spec chat.md §2): start a one-to-one chat or a group chat, each from the
 * select-friend dialog (spec chat.md §4 "Create conversation"). On desktop both are buttons; on h5
 * they sit in a menu behind one "Start conversation" button.
 */
export function ConversationHeader({ onSelect }: ConversationHeaderProps) {
  const { isH5 } = useKit();
  const t = useConversationText();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [menuPoint, setMenuPoint] = useState<Point | null>(null);

  const open = (conversationID: string) => {
    setDialog(null);
    onSelect(conversationID);
  };

  return (
    <div className="lc-conv-header" role="toolbar" aria-label={t('newConversation')}>
      {isH5 ? (
        <button
          type="button"
          className="lc-conv-header__button"
          aria-haspopup="menu"
          aria-expanded={menuPoint !== null}
          onClick={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            setMenuPoint({ x: rect.left, y: rect.bottom });
          }}
        >
          {t('startConversation')}
        </button>
      ) : (
        <>
          <button type="button" className="lc-conv-header__button" onClick={() => setDialog('c2c')}>
            {t('startC2C')}
          </button>
          <button type="button" className="lc-conv-header__button" onClick={() => setDialog('group')}>
            {t('startGroup')}
          </button>
        </>
      )}
      {menuPoint ? (
        <PopupMenu
          label={t('startConversation')}
          point={menuPoint}
          onClose={() => setMenuPoint(null)}
          items={[
            { key: 'c2c', label: t('startC2C'), onSelect: () => setDialog('c2c') },
            { key: 'group', label: t('startGroup'), onSelect: () => setDialog('group') },
          ]}
        />
      ) : null}
      {dialog ? <StartConversationDialog mode={dialog} onOpen={open} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
