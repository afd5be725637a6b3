import type { Message } from '@liaison/sdk';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../common/Avatar';
import { replaceEmojiTags } from '../../../common/emoji/emoji-names';
import { Highlight } from '../../Highlight';
import { LocateButton, ResultByline, type ResultListProps } from './ResultParts';

/** Text results: the sender's avatar and name, the time, and the text with the keywords marked. */
export function TextResults({ messages, keywords, onLocate }: ResultListProps) {
  return (
    <ul className="lc-csearch__list">
      {messages.map((message) => (
        <TextResult key={message.ID} message={message} keywords={keywords} onLocate={onLocate} />
      ))}
    </ul>
  );
}

function TextResult({
  message,
  keywords,
  onLocate,
}: {
  message: Message;
  keywords: readonly string[];
  onLocate(message: Message): void;
}) {
  const { i18n } = useTranslation();
  const id = useId();
  const text = message.type === 'TIMTextElem' ? replaceEmojiTags(message.payload.text, i18n.language) : '';
  return (
    <li className="lc-search-hit lc-csearch__item">
      <Avatar url={message.avatar} size={32} />
      <div className="lc-csearch__main">
        <div className="lc-csearch__head">
          <ResultByline message={message} />
          <LocateButton message={message} describedBy={id} onLocate={onLocate} />
        </div>
        <p id={id} className="lc-csearch__text">
          <Highlight text={text} keywords={keywords} />
        </p>
      </div>
    </li>
  );
}
