import type { Message } from '@liaison/sdk';
import { useId, useState } from 'react';
import { downloadAsBlob } from '../../../chat/message/download';
import { fileBadge, fileKindOf, formatFileSize } from '../../../chat/message/file-kind';
import { DownloadIcon } from '../../../chat/message/icons';
import { isUploadDone } from '../../../chat/message/message-of';
import { useKit } from '../../../core/kit-context';
import { useConversationSearchText } from '../../../i18n/conversation-search-text';
import { Highlight } from '../../Highlight';
import { LocateButton, ResultByline, type ResultListProps } from './ResultParts';

/**
 * File results: the file's name (keywords marked) and size, who sent it and when, and a download
 * (the kit's own: fetched as a blob, saved under its name) while the DownloadFile feature is on.
 */
export function FileResults({ messages, keywords, onLocate }: ResultListProps) {
  return (
    <ul className="lc-csearch__list">
      {messages.map((message) => (
        <FileResult key={message.ID} message={message} keywords={keywords} onLocate={onLocate} />
      ))}
    </ul>
  );
}

function FileResult({
  message,
  keywords,
  onLocate,
}: {
  message: Message;
  keywords: readonly string[];
  onLocate(message: Message): void;
}) {
  const t = useConversationSearchText();
  const { features } = useKit();
  const id = useId();
  const [hasFailed, setFailed] = useState(false);
  if (message.type !== 'TIMFileElem') return null;
  const { fileName, fileSize, fileUrl } = message.payload;
  const canDownload = features.DownloadFile && isUploadDone(message) && !message.hasRiskContent && Boolean(fileUrl);

  const handleDownload = async () => {
    setFailed(false);
    try {
      await downloadAsBlob(fileUrl, fileName);
    } catch {
      setFailed(true);
    }
  };

  return (
    <li className="lc-search-hit lc-csearch__item">
      <span className={`lc-file__icon lc-file__icon--${fileKindOf(fileName)}`} aria-hidden="true">
        {fileBadge(fileName)}
      </span>
      <div className="lc-csearch__main">
        <bdi id={id} className="lc-csearch__file-name" title={fileName}>
          <Highlight text={fileName} keywords={keywords} />
        </bdi>
        <span className="lc-csearch__detail">
          <span>{formatFileSize(fileSize)}</span>
          <ResultByline message={message} />
        </span>
        {hasFailed && (
          <span className="lc-csearch__error" role="alert">
            {t('downloadFailed')}
          </span>
        )}
        <LocateButton message={message} describedBy={id} onLocate={onLocate} />
      </div>
      {canDownload && (
        <button
          type="button"
          className="lc-file__download"
          aria-label={`${t('download')} ${fileName}`}
          title={t('download')}
          onClick={() => void handleDownload()}
        >
          <DownloadIcon />
        </button>
      )}
    </li>
  );
}
