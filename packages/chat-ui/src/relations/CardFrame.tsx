import { type ReactNode, useId } from 'react';
import { Avatar } from '../common/Avatar';
import { useKit } from '../core/kit-context';
import { useContactsText } from '../i18n/contacts-text';

export interface CardFrameProps {
  avatar: string | undefined;
  isGroup?: boolean;
  name: string;
  /** Label and value pairs under the name (ID, signature or group type…); empty values are left out. */
  facts: Array<[string, string]>;
  onBack(): void;
  children: ReactNode;
}

/** What every card shows: (on phones a back button,) the avatar, the name, the facts; then its own parts. */
export function CardFrame({ avatar, isGroup = false, name, facts, onBack, children }: CardFrameProps) {
  const { isH5 } = useKit();
  const t = useContactsText();
  const nameID = useId();
  return (
    <article className="lc-card" aria-labelledby={nameID}>
      {isH5 && (
        <div className="lc-card__bar">
          <button type="button" className="lc-card__back" aria-label={t('back')} onClick={onBack}>
            ‹
          </button>
        </div>
      )}
      <div className="lc-card__head">
        <Avatar url={avatar} size={64} isGroup={isGroup} />
        <div className="lc-card__identity">
          <h2 id={nameID} className="lc-card__name">
            <bdi>{name}</bdi>
          </h2>
          <dl className="lc-card__facts">
            {facts
              .filter(([, value]) => value !== '')
              .map(([label, value]) => (
                <div key={label} className="lc-card__fact">
                  <dt>{label}</dt>
                  <dd>
                    <bdi>{value}</bdi>
                  </dd>
                </div>
              ))}
          </dl>
        </div>
      </div>
      {children}
    </article>
  );
}

export interface CardMainActionsProps {
  isBusy: boolean;
  primaryLabel: string;
  onPrimary(): void;
  dangerLabel: string;
  onDanger(): void;
}

/** A card's main row: its one primary action (send, enter) and its one danger action (delete, leave). */
export function CardMainActions({ isBusy, primaryLabel, onPrimary, dangerLabel, onDanger }: CardMainActionsProps) {
  return (
    <div className="lc-card__actions lc-card__actions--main">
      <button type="button" className="lc-conv-button lc-conv-button--primary" disabled={isBusy} onClick={onPrimary}>
        {primaryLabel}
      </button>
      <button type="button" className="lc-conv-button lc-card__danger" disabled={isBusy} onClick={onDanger}>
        {dangerLabel}
      </button>
    </div>
  );
}
