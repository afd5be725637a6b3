import type { GroupApplication } from '@liaison/sdk';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../common/Avatar';
import { HIDE_DELAY_MS, useDelayedClose } from '../common/use-delayed-close';
import { useModalFrame } from '../common/use-modal-frame';
import { useKit } from '../core/kit-context';
import { showErrorToast } from '../core/toasts/toast-center';
import { useGroupText } from '../i18n/group-text';

export interface JoinRequestDrawerProps {
  applications: readonly GroupApplication[];
  /** A request was agreed or rejected: it leaves the list (150 ms after, spec chat.md §4). */
  onHandled(applicant: string): void;
  onClose(): void;
}

/**
 * The join requests of a group (spec chat.md §2, §4): a drawer from the right (360 px) on desktop,
 * from the bottom (60 to 80 % of the height) on phones. Agree or Reject handles a request; it is
 * marked handled, fades, and leaves the list 150 ms later; the drawer closes when the list is
 * empty. A failed agreement says why; a failed rejection is silent (spec §4).
 */
export function JoinRequestDrawer({ applications, onHandled, onClose }: JoinRequestDrawerProps) {
  const { chat, isH5 } = useKit();
  const t = useGroupText();
  const titleID = useId();
  const ref = useRef<HTMLDivElement>(null);
  const { isClosing, close } = useDelayedClose(onClose);
  const { onKeyDown } = useModalFrame(ref, close);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  // Requests being handled stay listed until their 150 ms are over, even when the server's
  // update of the list (which no longer holds them) arrives before the answer does.
  const [kept, setKept] = useState<ReadonlyMap<string, GroupApplication>>(new Map());
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const listed = [
    ...applications,
    ...[...kept.values()].filter((a) => !applications.some((b) => b.applicant === a.applicant)),
  ];

  useEffect(() => {
    if (listed.length === 0) close();
  }, [listed.length, close]);

  const keep = (application: GroupApplication, isKept: boolean) =>
    setKept((current) => {
      const next = new Map(current);
      if (isKept) next.set(application.applicant, application);
      else next.delete(application.applicant);
      return next;
    });

  const handle = async (application: GroupApplication, handleAction: 'Agree' | 'Reject') => {
    const { applicant } = application;
    if (busy.has(applicant) || removed.has(applicant)) return;
    setBusy((current) => new Set(current).add(applicant));
    keep(application, true);
    try {
      await chat.handleGroupApplication({ handleAction, application });
      setRemoved((current) => new Set(current).add(applicant));
      timers.current.push(
        setTimeout(() => {
          keep(application, false);
          onHandled(applicant);
        }, HIDE_DELAY_MS),
      );
    } catch (error) {
      keep(application, false);
      if (handleAction === 'Agree') showErrorToast(chat, error, t('handleFailed'));
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(applicant);
        return next;
      });
    }
  };

  return (
    <>
      <div
        className={`lc-join-drawer__mask${isClosing ? ' lc-join-drawer__mask--closing' : ''}`}
        aria-hidden="true"
        onClick={close}
      />
      <div
        ref={ref}
        className={`lc-join-drawer${isH5 ? ' lc-join-drawer--h5' : ''}${isClosing ? ' lc-join-drawer--closing' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleID}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="lc-group-panel__header">
          <h2 id={titleID} className="lc-group-panel__title">
            {t('joinRequestsTitle')}
          </h2>
          <button type="button" className="lc-icon-button" aria-label={t('close')} onClick={close}>
            ×
          </button>
        </header>
        <ul className="lc-join-drawer__list">
          {listed.map((application) => {
            const name = application.applicantNick || application.applicant || t('anonymous');
            const isRemoved = removed.has(application.applicant);
            const isBusy = busy.has(application.applicant);
            return (
              <li
                key={application.applicant}
                className={`lc-join-request${isRemoved ? ' lc-join-request--removed' : ''}`}
              >
                <Avatar url={application.applicantAvatar} size={36} />
                <span className="lc-join-request__who">
                  <bdi className="lc-join-request__name">{name}</bdi>
                  {application.note ? (
                    <span className="lc-join-request__note">{t('applyNote', { note: application.note })}</span>
                  ) : null}
                </span>
                {isRemoved ? (
                  <span className="lc-group__hint">{t('handled')}</span>
                ) : (
                  <span className="lc-join-request__actions">
                    <button
                      type="button"
                      className="lc-conv-button"
                      aria-label={t('rejectWith', { name })}
                      disabled={isBusy}
                      onClick={() => void handle(application, 'Reject')}
                    >
                      {t('reject')}
                    </button>
                    <button
                      type="button"
                      className="lc-conv-button lc-conv-button--primary"
                      aria-label={t('agreeWith', { name })}
                      disabled={isBusy}
                      onClick={() => void handle(application, 'Agree')}
                    >
                      {t('agree')}
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
