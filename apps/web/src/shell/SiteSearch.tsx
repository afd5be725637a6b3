import { SearchOutlined } from '@ant-design/icons';
import { PORTAL_SEARCH } from '@liaison/protocol';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../common/ButtonLink';

/** The portal search's page, on these keywords (none: the page with an empty box). */
export function searchPath(keyword = ''): string {
  const trimmed = keyword.trim();
  return trimmed ? `/search?keyword=${encodeURIComponent(trimmed)}` : '/search';
}

interface SiteSearchFormProps {
  /** `hero`: the home page's large box with a 搜索 button; `header`: the header's compact box. */
  variant: 'hero' | 'header';
}

/**
 * A box that opens the portal search (/search) on the typed keywords; the search page itself
 * searches as the reader types. Enter during an IME composition picks the pinyin's characters.
 */
export function SiteSearchForm({ variant }: SiteSearchFormProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const isHero = variant === 'hero';

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(searchPath(text));
  }

  return (
    <search aria-label="站内搜索" className={`site-search site-search--${variant}`}>
      <form onSubmit={handleSubmit}>
        <Input
          type="search"
          size={isHero ? 'large' : 'middle'}
          aria-label="搜索能力、企业、专家和资讯"
          placeholder={isHero ? '搜索能力、企业、专家和资讯' : '搜索能力、企业、专家'}
          prefix={isHero ? undefined : <SearchOutlined aria-hidden />}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={PORTAL_SEARCH.keywordMax}
        />
        {isHero && (
          <Button type="primary" size="large" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            搜索
          </Button>
        )}
      </form>
    </search>
  );
}

/** Narrow screens: the header has no room for a box, only an icon that opens the search page. */
export function SiteSearchIcon({ isGhost }: { isGhost: boolean }) {
  return (
    <ButtonLink
      to="/search"
      className="site-search-icon"
      icon={<SearchOutlined aria-hidden />}
      ghost={isGhost}
      aria-label="搜索"
      title="搜索"
    />
  );
}
