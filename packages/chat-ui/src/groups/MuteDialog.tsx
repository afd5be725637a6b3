import { useId, useState } from 'react';
import { Dialog } from '../common/Dialog';
import { type GroupTextKey, useGroupText } from '../i18n/group-text';
import { MUTE_MAX_SECONDS } from './group-actions';

/** The mute picker's durations, in seconds; 'custom' takes minutes typed in. */
const DURATIONS: ReadonlyArray<{ key: GroupTextKey; seconds: number }> = [
  { key: 'mute10m', seconds: 600 },
  { key: 'mute1h', seconds: 3_600 },
  { key: 'mute12h', seconds: 43_200 },
  { key: 'mute1d', seconds: 86_400 },
  { key: 'mute7d', seconds: 604_800 },
];

export interface MuteDialogProps {
  name: string;
  /** Mutes for this many seconds; resolves true when the server agreed (the dialog then closes). */
  onMute(seconds: number): Promise<boolean>;
  onClose(): void;
}

/** How long to mute a member: 10 minutes to 7 days, or a number of minutes up to 30 days. */
export function MuteDialog({ name, onMute, onClose }: MuteDialogProps) {
  const t = useGroupText();
  const groupName = useId();
  const minutesID = useId();
  const errorID = useId();
  const [choice, setChoice] = useState<number | 'custom'>(600);
  const [minutes, setMinutes] = useState('30');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const handleSubmit = async () => {
    if (isSaving) return;
    let seconds = choice === 'custom' ? 0 : choice;
    if (choice === 'custom') {
      const value = Number(minutes.trim());
      if (!/^\d+$/.test(minutes.trim()) || value < 1 || value * 60 > MUTE_MAX_SECONDS) {
        setProblem(t('muteMinutesInvalid'));
        return;
      }
      seconds = value * 60;
    }
    setProblem(null);
    setSaving(true);
    const done = await onMute(seconds);
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Dialog
      title={t('muteTitle', { name })}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
      actions={
        <>
          <button type="button" className="lc-conv-button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="lc-conv-button lc-conv-button--primary" disabled={isSaving}>
            {t('mute')}
          </button>
        </>
      }
    >
      <fieldset className="lc-group-mute">
        <legend className="lc-conv-field">{t('muteDuration')}</legend>
        {DURATIONS.map(({ key, seconds }) => (
          <label key={key} className="lc-group-mute__option">
            <input type="radio" name={groupName} checked={choice === seconds} onChange={() => setChoice(seconds)} />
            {t(key)}
          </label>
        ))}
        <label className="lc-group-mute__option">
          <input type="radio" name={groupName} checked={choice === 'custom'} onChange={() => setChoice('custom')} />
          {t('muteCustom')}
        </label>
        {choice === 'custom' ? (
          <div className="lc-group-mute__custom">
            <input
              id={minutesID}
              className="lc-conv-input"
              inputMode="numeric"
              value={minutes}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorID : undefined}
              onChange={(event) => setMinutes(event.target.value)}
            />
            <label htmlFor={minutesID}>{t('muteMinutes')}</label>
          </div>
        ) : null}
      </fieldset>
      {problem ? (
        <p id={errorID} className="lc-conv-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
