import type { Message } from '@liaison/sdk';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PinIcon } from '../../../chat/message/icons';
import { formatDuration } from '../../../chat/message/VideoMessage';
import { messageAbstract } from '../../../conversations/message-abstract';
import { type ConversationSearchTextKey, useConversationSearchText } from '../../../i18n/conversation-search-text';
import { Highlight } from '../../Highlight';
import { LocateButton, ResultByline, type ResultListProps } from './ResultParts';

/**
 * Other results (location, custom, chat record, voice) as information rows: what kind it is, its
 * searchable words with the keywords marked (a location's description, a custom message's
 * description, a record's title), who sent it and when.
 */
export function OtherResults({ messages, keywords, onLocate }: ResultListProps) {
  return (
    <ul className="lc-csearch__list">
      {messages.map((message) => (
        <OtherResult key={message.ID} message={message} keywords={keywords} onLocate={onLocate} />
      ))}
    </ul>
  );
}

const KIND_LABELS: Partial<Record<Message['type'], ConversationSearchTextKey>> = {
  TIMLocationElem: 'location',
  TIMRelayElem: 'merger',
  TIMSoundElem: 'audio',
};

function OtherResult({
  message,
  keywords,
  onLocate,
}: {
  message: Message;
  keywords: readonly string[];
  onLocate(message: Message): void;
}) {
  const t = useConversationSearchText();
  const { t: tc, i18n } = useTranslation('conversation');
  const id = useId();
  const kindKey = KIND_LABELS[message.type];
  const { kind, words } = describe(message);
  const label =
    message.type === 'TIMCustomElem'
      ? messageAbstract(message, i18n.language, tc)
          .map((part) => part.text)
          .join('')
      : kindKey
        ? t(kindKey)
        : '';
  return (
    <li className="lc-search-hit lc-csearch__item">
      <span className={`lc-csearch__kind lc-csearch__kind--${kind}`} aria-hidden="true">
        {kind === 'location' ? <PinIcon /> : kind === 'audio' ? '♪' : kind === 'merger' ? '≡' : '{ }'}
      </span>
      <div className="lc-csearch__main">
        <p id={id} className="lc-csearch__text">
          <span className="lc-csearch__kind-label">{label}</span>
          {words && (
            <>
              {' '}
              <Highlight text={words} keywords={keywords} />
            </>
          )}
        </p>
        <div className="lc-csearch__head">
          <ResultByline message={message} />
          <LocateButton message={message} describedBy={id} onLocate={onLocate} />
        </div>
      </div>
    </li>
  );
}

/** The kind of an information row and the words of its own it shows. */
function describe(message: Message): { kind: 'location' | 'custom' | 'merger' | 'audio'; words: string } {
  switch (message.type) {
    case 'TIMLocationElem':
      return { kind: 'location', words: message.payload.description };
    case 'TIMRelayElem':
      return { kind: 'merger', words: message.payload.title };
    case 'TIMSoundElem':
      return { kind: 'audio', words: message.payload.second > 0 ? formatDuration(message.payload.second) : '' };
    default:
      return { kind: 'custom', words: message.type === 'TIMCustomElem' ? message.payload.description : '' };
  }
}
