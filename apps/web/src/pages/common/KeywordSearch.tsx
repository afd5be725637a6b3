import { CATALOGUE_LIMITS } from '@liaison/protocol';
import { Input } from 'antd';
import { useEffect, useState } from 'react';

interface KeywordSearchProps {
  /** The keywords the address holds; the box follows it (back/forward). */
  value: string;
  onSearch: (keyword: string) => void;
  placeholder: string;
  /** The box's accessible name. */
  label: string;
  className?: string;
}

/** A keyword box searched on Enter or its button; space-separated keywords must all match. */
export function KeywordSearch({ value, onSearch, placeholder, label, className }: KeywordSearchProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      className={className}
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(keyword) => onSearch(keyword.trim())}
      placeholder={placeholder}
      maxLength={CATALOGUE_LIMITS.keyword}
      enterButton="搜索"
      allowClear
    />
  );
}
