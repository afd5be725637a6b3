import type { Group } from '@liaison/sdk';
import { useId, useState } from 'react';
import { useKit } from '../core/kit-context';
import { useGroupText } from '../i18n/group-text';
import { groupActions, NOTICE_MAX } from './group-actions';
import type { GroupAbilities } from './group-rules';

/**
 * The group notice: read by every member; edited by the owner and admins (every member of a
 * Work group), at most 150 characters (spec portal.md §5: a longer one is refused with the
 * spec's 'notice too long' toast, and the text stays to be shortened).
 */
export function NotificationTab({ group, abilities }: { group: Group; abilities: GroupAbilities }) {
  const { chat } = useKit();
  const t = useGroupText();
  const fieldID = useId();
  const countID = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const count = [...(draft ?? '')].length;

  const handleSave = async () => {
    if (draft === null || isSaving) return;
    setSaving(true);
    const done = await groupActions(chat, group.groupID, t).setNotice(draft);
    setSaving(false);
    if (done) setDraft(null);
  };

  if (draft === null) {
    return (
      <section className="lc-group-notice" aria-label={t('notification')}>
        <h3 className="lc-group__section-title">{t('notification')}</h3>
        <p className="lc-group-notice__text">
          {group.notification ? <bdi>{group.notification}</bdi> : t('noticeEmpty')}
        </p>
        {abilities.canEditNameAndNotice ? (
          <button type="button" className="lc-conv-button" onClick={() => setDraft(group.notification)}>
            {t('editField', { field: t('notification') })}
          </button>
        ) : null}
      </section>
    );
  }
  return (
    <form
      className="lc-group-notice"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleSave();
      }}
    >
      <label className="lc-group__section-title" htmlFor={fieldID}>
        {t('notification')}
      </label>
      <textarea
        id={fieldID}
        className="lc-conv-input lc-group__textarea"
        rows={6}
        value={draft}
        data-autofocus
        aria-describedby={countID}
        aria-invalid={count > NOTICE_MAX ? true : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <p id={countID} className={`lc-group__count${count > NOTICE_MAX ? ' lc-group__count--over' : ''}`}>
        {t('noticeCount', { count, max: NOTICE_MAX })}
      </p>
      <div className="lc-group-main__actions">
        <button type="button" className="lc-conv-button" onClick={() => setDraft(null)}>
          {t('cancel')}
        </button>
        <button type="submit" className="lc-conv-button lc-conv-button--primary" disabled={isSaving}>
          {t('save')}
        </button>
      </div>
    </form>
  );
}
