import type { ReactNode } from 'react';

export interface ResultRowProps {
  /** The list's class for its rows (`lc-contacts__item`, `lc-gsearch__row`): the row's parts are named after it. */
  block: string;
  avatar: ReactNode;
  /** Marked where the keywords match it, in lists that mark them. */
  name: ReactNode;
  /** The line under the name: text goes in the row's own isolated element; an element brings its own. */
  detail?: ReactNode;
  isSelected?: boolean;
  /** The list moves between its rows with the arrow keys (list-navigation.ts). */
  isNavItem?: boolean;
  onChoose(): void;
}

/**
 * A person, group or conversation in a list of them (contacts, contact search, global search):
 * avatar, name and a line about it; choosing it opens it.
 */
export function ResultRow({ block, avatar, name, detail, isSelected = false, isNavItem, onChoose }: ResultRowProps) {
  return (
    <li>
      <button
        type="button"
        data-nav-item={isNavItem || undefined}
        className={`${block}${isSelected ? ` ${block}--selected` : ''}`}
        aria-current={isSelected ? 'true' : undefined}
        onClick={onChoose}
      >
        {avatar}
        <span className={`${block}-text`}>
          <bdi className={`${block}-name`}>{name}</bdi>
          {typeof detail === 'string' ? detail ? <bdi className={`${block}-detail`}>{detail}</bdi> : null : detail}
        </span>
      </button>
    </li>
  );
}
