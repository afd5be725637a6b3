import { namedDay } from '../common/time-zone';
import { useKit } from '../core/kit-context';
import { type SearchCommonTextKey, useSearchCommonText } from '../i18n/search-common-text';
import { ChoiceStrip } from './ChoiceStrip';
import { type DateRange, NO_RANGE, TIME_TABS, type TimeTab } from './search-query';

export interface TimeFilterProps {
  time: TimeTab;
  range: DateRange;
  onChange(time: TimeTab, range: DateRange): void;
}

const LABELS: Record<TimeTab, SearchCommonTextKey> = {
  all: 'timeAll',
  today: 'timeToday',
  threeDays: 'timeThreeDays',
  sevenDays: 'timeSevenDays',
  custom: 'timeCustom',
};

/**
 * The time tabs (spec chat.md §2, §4): All, today, last three days, last seven days, and a custom
 * range picked with two labelled date fields (the browser's own accessible date inputs), neither
 * later than today. Clearing the range goes back to All (0 and 0).
 */
export function TimeFilter({ time, range, onChange }: TimeFilterProps) {
  const t = useSearchCommonText();
  const { timeZone } = useKit();
  const today = namedDay(Date.now(), timeZone);
  return (
    <div className="lc-search-time">
      <ChoiceStrip
        kind="radiogroup"
        label={t('timeTabs')}
        choices={TIME_TABS}
        value={time}
        labelOf={(choice) => t(LABELS[choice])}
        onChange={(choice) => onChange(choice, choice === 'custom' ? range : NO_RANGE)}
      />
      {time === 'custom' ? (
        <fieldset className="lc-search-range">
          <legend className="lc-search-range__legend">{t('rangeLabel')}</legend>
          <DateField
            label={t('rangeFrom')}
            value={range.from}
            max={range.to || today}
            onChange={(from) => onChange('custom', { ...range, from })}
          />
          <DateField
            label={t('rangeTo')}
            value={range.to}
            min={range.from}
            max={today}
            onChange={(to) => onChange('custom', { ...range, to })}
          />
          <button type="button" className="lc-search-link" onClick={() => onChange('all', NO_RANGE)}>
            {t('rangeClear')}
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}

interface DateFieldProps {
  label: string;
  value: string;
  /** '' for no bound. */
  min?: string;
  max: string;
  onChange(value: string): void;
}

function DateField({ label, value, min, max, onChange }: DateFieldProps) {
  return (
    <label className="lc-search-range__field">
      <span>{label}</span>
      <input
        type="date"
        value={value}
        min={min || undefined}
        max={max}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
