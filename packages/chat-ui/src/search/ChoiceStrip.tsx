import type { KeyboardEvent } from 'react';
import '../common/tabs.css';

export interface ChoiceStripProps<T extends string> {
  /** tablist: the choices switch a tab panel (type tabs); radiogroup: they set a filter (time tabs). */
  kind: 'tablist' | 'radiogroup';
  label: string;
  choices: readonly T[];
  value: T;
  labelOf(choice: T): string;
  onChange(choice: T): void;
  /** A tablist's panel: the tabs control it and it is named by the chosen tab (`tabIDOf`). */
  panelID?: string;
}

/** The element ID of a tab of the strip that controls `panelID`. */
export function tabIDOf(panelID: string, choice: string): string {
  return `${panelID}-tab-${choice}`;
}

/**
 * A row of choices, one chosen, as the ARIA tablist and radio group patterns have it: one Tab stop
 * (the chosen one); arrows, Home and End move and choose. Type tabs draw as underlined tabs, time
 * tabs as chips.
 */
export function ChoiceStrip<T extends string>({
  kind,
  label,
  choices,
  value,
  labelOf,
  onChange,
  panelID,
}: ChoiceStripProps<T>) {
  const isTabs = kind === 'tablist';
  const block = isTabs ? 'lc-search-tabs' : 'lc-search-chips';
  const itemClass = isTabs ? 'lc-search-tabs__item lc-tab' : 'lc-search-chips__item';
  const chosenClass = isTabs ? 'lc-tab--chosen' : 'lc-search-chips__item--chosen';

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const at = choices.indexOf(value);
    const next =
      step !== undefined
        ? (at + step + choices.length) % choices.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? choices.length - 1
            : undefined;
    const choice = next === undefined ? undefined : choices[next];
    if (next === undefined || choice === undefined) return;
    event.preventDefault();
    onChange(choice);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const items = choices.map((choice) => {
    const isChosen = choice === value;
    return (
      <button
        key={choice}
        type="button"
        role={isTabs ? 'tab' : 'radio'}
        {...(isTabs
          ? {
              'aria-selected': isChosen,
              ...(panelID ? { id: tabIDOf(panelID, choice), 'aria-controls': panelID } : {}),
            }
          : { 'aria-checked': isChosen })}
        tabIndex={isChosen ? 0 : -1}
        className={isChosen ? `${itemClass} ${chosenClass}` : itemClass}
        onClick={() => onChange(choice)}
      >
        {labelOf(choice)}
      </button>
    );
  });
  // Two literal roles: the linter checks each element's ARIA attributes against its role.
  return isTabs ? (
    <div className={block} role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
      {items}
    </div>
  ) : (
    <div className={block} role="radiogroup" aria-label={label} onKeyDown={handleKeyDown}>
      {items}
    </div>
  );
}
