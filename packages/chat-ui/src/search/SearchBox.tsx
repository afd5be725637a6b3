import type { RefObject } from 'react';
import { useKit } from '../core/kit-context';
import { useSearchCommonText } from '../i18n/search-common-text';
import { useSearchText } from '../i18n/search-text';

export interface SearchBoxProps {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  /** The search is open: phones show Cancel. */
  isActive: boolean;
  /** The results panel's ID, while it shows. */
  controls: string | undefined;
  onChange(value: string): void;
  onCommit(): void;
  onFocus(): void;
  /** Clears the box and ends the search. */
  onEnd(): void;
}

/**
 * The search box (spec chat.md §2): Enter commits the words (never while an IME composes); the
 * close icon clears them and ends the search; phones also have Cancel.
 */
export function SearchBox({ inputRef, value, isActive, controls, onChange, onCommit, onFocus, onEnd }: SearchBoxProps) {
  const { isH5 } = useKit();
  const t = useSearchText();
  const common = useSearchCommonText();
  return (
    <div className="lc-gsearch__bar">
      <span className="lc-gsearch__field">
        <svg className="lc-gsearch__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          type="search"
          className="lc-gsearch__input"
          aria-label={t('searchLabel')}
          aria-controls={controls}
          placeholder={common('placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onFocus={onFocus}
          onKeyDown={(event) => {
            // 229: Safari's Enter that ends an IME composition.
            if (event.key === 'Enter' && !event.nativeEvent.isComposing && event.keyCode !== 229) {
              event.preventDefault();
              onCommit();
            }
          }}
        />
        {value !== '' ? (
          <button type="button" className="lc-gsearch__clear" aria-label={t('clear')} onClick={onEnd}>
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </span>
      {isH5 && isActive ? (
        <button type="button" className="lc-gsearch__cancel" onClick={onEnd}>
          {common('cancel')}
        </button>
      ) : null}
    </div>
  );
}
