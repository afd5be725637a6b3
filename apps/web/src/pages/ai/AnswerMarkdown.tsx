import type { AnchorHTMLAttributes } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';

/**
 * The model's markdown, rendered as React elements. No raw HTML: without rehype-raw,
 * react-markdown shows HTML in the text as text, and its URL filter drops javascript: and other
 * unsafe links. The portal's own paths stay in the app (router links); other links open in a
 * new tab; pictures become links (the page loads no image from elsewhere).
 */
export function AnswerMarkdown({ text }: { text: string }) {
  return (
    <div className="ai-markdown">
      <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
}

const COMPONENTS: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  img: ({ src, alt }) => <SafeLink href={typeof src === 'string' ? src : undefined}>{alt || '图片'}</SafeLink>,
  table: ({ children }) => (
    <div className="ai-markdown__table">
      <table>{children}</table>
    </div>
  ),
};

function SafeLink({ href, children }: Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'>) {
  if (!href) return <span>{children}</span>;
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{children}</Link>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}
