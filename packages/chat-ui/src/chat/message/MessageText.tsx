import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { emojiName } from '../../common/emoji/emoji-names';
import { tokenizeText } from '../../common/emoji/text-parts';

/**
 * Message text as React nodes: plain text, 20 px emoji pictures and http/https/mailto links.
 * Nothing from the text ever becomes markup; `dir="auto"` and bidi isolation keep a
 * right-to-left override inside its bubble.
 */
export const MessageText = memo(function MessageText({ text }: { text: string }) {
  const { i18n } = useTranslation();
  const tokens = useMemo(() => tokenizeText(text), [text]);
  return (
    <bdi className="lc-message-text" dir="auto">
      {tokens.map((token, index) => {
        // Tokens of one text never move, so their position is a stable key.
        const key = `${index}`;
        switch (token.type) {
          case 'emoji':
            return (
              <img
                key={key}
                className="lc-emoji"
                src={token.src}
                alt={token.key}
                title={emojiName(token, i18n.language)}
                width={20}
                height={20}
                draggable={false}
              />
            );
          case 'link':
            return (
              <a key={key} className="lc-link" href={token.href} target="_blank" rel="noopener noreferrer nofollow">
                {token.text}
              </a>
            );
          default:
            return <span key={key}>{token.text}</span>;
        }
      })}
    </bdi>
  );
});
