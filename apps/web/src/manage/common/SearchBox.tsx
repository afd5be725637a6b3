import { SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import './search-box.css';

interface SearchBoxProps {
  /** The box's accessible name (and its placeholder unless one is given). */
  label: string;
  placeholder?: string;
  /** The trimmed text, on Enter, on the search button and on clearing. */
  onSearch: (text: string) => void;
  maxLength?: number;
}

/**
 * A list's search box. Its button is named 搜索 for assistive technology (Ant Design's own is an
 * icon named in English).
 */
export function SearchBox({ label, placeholder = label, onSearch, maxLength = 50 }: SearchBoxProps) {
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      className="search-box"
      enterButton={<Button icon={<SearchOutlined aria-hidden />} aria-label="搜索" />}
      onSearch={(text) => onSearch(text.trim())}
    />
  );
}
