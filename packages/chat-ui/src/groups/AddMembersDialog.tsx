import { useState } from 'react';
import { Dialog } from '../common/Dialog';
import { useGroupText } from '../i18n/group-text';
import { FriendPicker, type PickedPerson } from '../relations/FriendPicker';
import '../relations/contacts.css';

export interface AddMembersDialogProps {
  /** Adds the chosen people; resolves true when all were added (the dialog then closes). */
  onAdd(userIDs: string[]): Promise<boolean>;
  onClose(): void;
}

/**
 * Add members (a Work group's add tile): the contacts tab's select-friend picker, several at
 * once, friends first and anyone found by nick, login name or mobile number.
 */
export function AddMembersDialog({ onAdd, onClose }: AddMembersDialogProps) {
  const t = useGroupText();
  const [chosen, setChosen] = useState<PickedPerson[]>([]);
  const [isSaving, setSaving] = useState(false);

  const handleSubmit = async () => {
    if (chosen.length === 0 || isSaving) return;
    setSaving(true);
    const done = await onAdd(chosen.map((person) => person.userID));
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Dialog
      title={t('addMembers')}
      className="lc-picker-dialog"
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
      actions={
        <>
          <button type="button" className="lc-conv-button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="lc-conv-button lc-conv-button--primary"
            disabled={chosen.length === 0 || isSaving}
          >
            {t('confirm')}
          </button>
        </>
      }
    >
      <FriendPicker isMultiple chosen={chosen} onChange={setChosen} />
    </Dialog>
  );
}
