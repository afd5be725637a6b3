import { SearchOutlined } from '@ant-design/icons';
import { PORTAL_SEARCH } from '@liaison/protocol';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface SearchBoxProps {
  /** The keywords in the address; the box follows it when it changes from elsewhere (back/forward). */
  keyword: string;
  /** The typed keywords, PORTAL_SEARCH.debounceMs after the last keystroke, or at once on Enter. */
  onSearch: (keyword: string) => void;
}

/**
 * The one search box: searches as the reader types, once they pause; never in the middle of
 * an IME composition (pinyin letters are not the keywords).
 */
export function SearchBox({ keyword, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(keyword);
  const [isComposing, setComposing] = useState(false);
  /** The keywords last handed up, so the address catching up does not overwrite newer typing. */
  const sent = useRef(keyword);
  const latestSearch = useRef(onSearch);
  latestSearch.current = onSearch;

  useEffect(() => {
    if (keyword === sent.current) return;
    sent.current = keyword;
    setText(keyword);
  }, [keyword]);

  useEffect(() => {
    const next = text.trim();
    if (isComposing || next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      latestSearch.current(next);
    }, PORTAL_SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [text, isComposing]);

  function handleEnter(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const next = text.trim();
    sent.current = next;
    latestSearch.current(next);
  }

  return (
    <Input
      className="search-box"
      size="large"
      role="searchbox"
      aria-label="搜索能力、企业、专家和资讯"
      placeholder="搜索能力、企业、专家和资讯，多个关键词用空格分隔"
      prefix={<SearchOutlined aria-hidden />}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onCompositionStart={() => setComposing(true)}
      onCompositionEnd={() => setComposing(false)}
      onPressEnter={handleEnter}
      maxLength={PORTAL_SEARCH.keywordMax}
      allowClear
      autoFocus
    />
  );
}
