import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { fetchEnterprises } from '../../../api/content';

export interface Choice {
  value: string;
  label: string;
}

interface SearchSelectProps {
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  isMultiple?: boolean;
  /** The names of what is already chosen (the server gave them with the record). */
  chosen: Choice[];
  /** The choices whose names hold the typed text. */
  search: (keyword: string) => Promise<Choice[]>;
}

/** Waits for the typing to pause before asking the server. */
const SEARCH_DELAY_MS = 300;

/**
 * A select whose choices the server finds as the admin types (enterprises, abilities), keeping
 * the names of those already chosen.
 */
export function SearchSelect({ value, onChange, label, placeholder, isMultiple, chosen, search }: SearchSelectProps) {
  const [found, setFound] = useState<Choice[]>([]);
  const [known, setKnown] = useState<Choice[]>(chosen);
  const [isSearching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  function handleSearch(text: string) {
    clearTimeout(timer.current);
    const mine = ++latest.current;
    timer.current = setTimeout(async () => {
      setSearching(true);
      try {
        const choices = await search(text.trim());
        // An answer to older typing never replaces a newer one.
        if (mine === latest.current) setFound(choices);
      } catch {
        // The request layer has shown the server's reason.
      } finally {
        if (mine === latest.current) setSearching(false);
      }
    }, SEARCH_DELAY_MS);
  }

  function handleChange(next: string | string[] | undefined) {
    const picked = new Set(next === undefined ? [] : ([] as string[]).concat(next));
    setKnown((before) => merge(before, found).filter((c) => picked.has(c.value)));
    onChange?.(next ?? (isMultiple ? [] : null));
  }

  return (
    <Select<string | string[]>
      aria-label={label}
      mode={isMultiple ? 'multiple' : undefined}
      allowClear
      placeholder={placeholder}
      value={value ?? undefined}
      options={merge(known, found)}
      loading={isSearching}
      showSearch={{ filterOption: false, onSearch: handleSearch }}
      onOpenChange={(isOpen) => {
        if (isOpen && found.length === 0) handleSearch('');
      }}
      onChange={handleChange}
      notFoundContent={isSearching ? '搜索中…' : '无匹配结果'}
    />
  );
}

/** The approved enterprises whose names hold the keyword: what a cluster or a chain segment may hold. */
export async function searchEnterprises(keyword: string): Promise<Choice[]> {
  const { data } = await fetchEnterprises({ keyword, pageNum: 1, pageSize: 20 });
  return data.rows.map((row) => ({ value: row.userId, label: row.enterpriseName }));
}

/** The choices of both lists, each once. */
function merge(first: Choice[], second: Choice[]): Choice[] {
  const seen = new Set(first.map((c) => c.value));
  return [...first, ...second.filter((c) => !seen.has(c.value))];
}
