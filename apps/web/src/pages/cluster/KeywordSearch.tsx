import { CATALOGUE_LIMITS } from '@liaison/protocol';
import { Input } from 'antd';

interface KeywordSearchProps {
  /** The keyword in the address. */
  keyword: string;
  /** What is searched, for the box's name and hint: 企业, 专家. */
  what: string;
  placeholder: string;
  className?: string;
  onSearch: (keyword: string) => void;
}

/** A public list's search box, showing the address's keyword (again after back/forward); answers it trimmed. */
export function KeywordSearch({ keyword, what, placeholder, className, onSearch }: KeywordSearchProps) {
  return (
    <Input.Search
      // A new keyword in the address (back/forward) shows in the box.
      key={keyword}
      className={className}
      defaultValue={keyword}
      placeholder={placeholder}
      aria-label={`搜索${what}`}
      maxLength={CATALOGUE_LIMITS.keyword}
      allowClear
      enterButton="搜索"
      onSearch={(value) => onSearch(value.trim())}
    />
  );
}
