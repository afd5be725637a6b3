import { type Message, messageFromRecord } from '@liaison/sdk';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../common/Avatar';
import { useDelayedClose } from '../../common/use-delayed-close';
import { useKit } from '../../core/kit-context';
import type { MessageOf } from '../message/message-of';
import { RiskPlaceholder } from '../message/RiskPlaceholder';
import { layoutOf, rendererFor, useMessageRenderers } from '../message/renderer-map';
import { useFocusTrap } from '../preview/focus-trap';
import { ImagePreviewProvider } from '../preview/preview-context';
import { type MergerNavigator, MergerNavigatorContext } from './merger-navigator';
import './merger.css';

type MergerRecord = MessageOf<'TIMRelayElem'>;

/**
 * The merged-record viewer (spec §2, §4): an overlay on desktop, a full-screen drawer on phones,
 * with a title, back and close; it fades (overlay) or slides (drawer) away for 150 ms when closed. A record without its messages is loaded by its downloadKey
 * ('Load Merge Message Error' on failure). Opening a nested record pushes a level; back (or Esc)
 * pops one, and popping the last closes the viewer.
 */
export function MergerViewer({ root, onClose }: { root: MergerRecord; onClose(): void }) {
  const { t } = useTranslation('message');
  const { isH5 } = useKit();
  const { isClosing, close } = useDelayedClose(onClose);
  const [levels, setLevels] = useState<MergerRecord[]>([root]);
  const dialog = useRef<HTMLDivElement>(null);
  const titleID = useId();
  useFocusTrap(dialog);
  const current = levels.at(-1) ?? root;
  const navigator = useMemo<MergerNavigator>(() => ({ push: (record) => setLevels((l) => [...l, record]) }), []);

  const handleBack = () => {
    if (levels.length <= 1) close();
    else setLevels((l) => l.slice(0, -1));
  };

  return (
    <div
      className={`lc-merger-viewer ${isH5 ? 'lc-merger-viewer--drawer' : 'lc-merger-viewer--overlay'}${isClosing ? ' lc-merger-viewer--closing' : ''}`}
    >
      <div
        ref={dialog}
        className="lc-merger-viewer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleID}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          handleBack();
        }}
      >
        <header className="lc-merger-viewer__header">
          <button type="button" className="lc-icon-button" aria-label={t('back')} onClick={handleBack} data-autofocus>
            ‹
          </button>
          <h2 id={titleID} className="lc-merger-viewer__title">
            <bdi>{current.payload.title || t('chatRecord')}</bdi>
          </h2>
          <button type="button" className="lc-icon-button" aria-label={t('close')} onClick={close}>
            ×
          </button>
        </header>
        <MergerNavigatorContext.Provider value={navigator}>
          {/* A level is keyed by its depth, so going back shows the outer record as it was. */}
          <RecordLevel key={levels.length} record={current} />
        </MergerNavigatorContext.Provider>
      </div>
    </div>
  );
}

function RecordLevel({ record }: { record: MergerRecord }) {
  const { t } = useTranslation('message');
  const { chat } = useKit();
  const [list, setList] = useState(() => (record.payload.messageList.length > 0 ? record.payload.messageList : null));
  const [hasError, setError] = useState(false);

  useEffect(() => {
    if (list) return;
    let isCurrent = true;
    // Through a promise, so a refusal of any kind (thrown or rejected) reads as a load error.
    Promise.resolve()
      .then(() => chat.downloadMergerMessage(record))
      .then((response) => isCurrent && setList(response.data.payload.messageList))
      .catch(() => isCurrent && setError(true));
    return () => {
      isCurrent = false;
    };
  }, [chat, record, list]);

  const messages = useMemo(() => (list ?? []).map(messageFromRecord), [list]);
  if (hasError)
    return (
      <p className="lc-merger-viewer__status" role="alert">
        {t('loadMergeError')}
      </p>
    );
  if (!list)
    return (
      <p className="lc-merger-viewer__status" role="status">
        {t('loading', { ns: 'chat' })}
      </p>
    );
  return (
    <ImagePreviewProvider messages={messages}>
      <ol className="lc-merger-viewer__list">
        {messages.map((message) => (
          <RecordItem key={message.ID} message={message} />
        ))}
      </ol>
    </ImagePreviewProvider>
  );
}

function RecordItem({ message }: { message: Message }) {
  const { t, i18n } = useTranslation('message');
  const { timeZone } = useKit();
  const Renderer = rendererFor(useMessageRenderers(), message.type);
  const layout = layoutOf(Renderer, message);
  if (layout === 'hidden') return null;
  if (layout === 'centred')
    return (
      <li className="lc-merger-item lc-merger-item--centred">
        <Renderer message={message} />
      </li>
    );
  const sender = message.nick || message.from;
  return (
    <li className="lc-merger-item">
      <Avatar url={message.avatar} label={sender} />
      <div className="lc-merger-item__body">
        <div className="lc-merger-item__meta">
          <bdi className="lc-merger-item__nick">{sender}</bdi>
          <time dateTime={new Date(message.time * 1000).toISOString()}>
            {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(
              new Date(message.time * 1000),
            )}
          </time>
        </div>
        {/* Revoked or flagged after the record was made: the server sent it emptied. */}
        {message.isRevoked ? (
          <p className="lc-merger-item__revoked">{t('revokedInRecord')}</p>
        ) : message.hasRiskContent ? (
          <RiskPlaceholder message={message} />
        ) : (
          <div className={`lc-bubble lc-bubble--${layout}`}>
            <Renderer message={message} />
          </div>
        )}
      </div>
    </li>
  );
}
