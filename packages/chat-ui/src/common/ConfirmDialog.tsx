import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

/** A yes-or-no question before something that cannot be undone (delete a friend, quit, dismiss, transfer). */
export function ConfirmDialog(props: {
  title: string;
  text: string;
  isDanger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('action');
  return (
    <Dialog
      title={props.title}
      onClose={props.onCancel}
      actions={
        <>
          <button type="button" className="lc-conv-button" onClick={props.onCancel}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className={`lc-conv-button ${props.isDanger ? 'lc-conv-button--danger' : 'lc-conv-button--primary'}`}
            onClick={props.onConfirm}
          >
            {t('confirm')}
          </button>
        </>
      }
    >
      <p className="lc-confirm-text">{props.text}</p>
    </Dialog>
  );
}
