import type { Message } from '@liaison/sdk';
import { useTranslation } from 'react-i18next';
import { NAME_SLOT, sentenceWithName } from '../../conversations/message-abstract';
import { useKit } from '../../core/kit-context';
import { useRowActions } from '../actions/row-actions';
import { revokedTextOf } from './revoked-texts';

/**
 * What a revoked message leaves in the list (spec §4): '{who} revoked a message', 'You' when it
 * was me. My own revoked text offers 're-edit' while this tab still has its words (the server
 * keeps none), putting them back into the editor.
 */
export function RevokedNotice({ message }: { message: Message }) {
  const { t } = useTranslation('action');
  const { chat } = useKit();
  const { reEdit } = useRowActions();
  const me = chat.getLoginUser?.() ?? '';
  const revoker = message.revoker || (message.flow === 'out' ? me : message.from);
  const isMine = revoker === me;
  const name = isMine
    ? t('you')
    : revoker === message.from
      ? message.nameCard || message.nick || message.from
      : revoker;
  const parts = sentenceWithName(t('revoked', { who: NAME_SLOT }), name);
  const canReEdit =
    message.flow === 'out' && message.type === 'TIMTextElem' && revokedTextOf(chat, message.ID) !== undefined;
  return (
    <span className="lc-tip lc-revoked">
      {parts.map((part, index) =>
        // The sentence's pieces never move, so their position is a stable key.
        part.isUserText ? <bdi key={String(index)}>{part.text}</bdi> : <span key={String(index)}>{part.text}</span>,
      )}
      {canReEdit && (
        <button type="button" className="lc-link-button lc-revoked__edit" onClick={() => reEdit(message.ID)}>
          {t('reEdit')}
        </button>
      )}
    </span>
  );
}
