import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKit } from '../../core/kit-context';
import { downloadAsBlob } from './download';
import { fileBadge, fileKindOf, formatFileSize } from './file-kind';
import { DownloadIcon } from './icons';
import { isUploadDone, type MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';

/**
 * A file card: an icon by the file's type, its name (cut in the middle is left to CSS), its size,
 * and a download button while the DownloadFile feature is on and the upload is done. Downloads
 * fetch the file as a blob and save it under its own name.
 */
export const FileMessage: MessageRenderer = ({ message }) => {
  const { t } = useTranslation('message');
  const { features } = useKit();
  const [error, setError] = useState(false);
  const { payload } = message as MessageOf<'TIMFileElem'>;
  const canDownload = features.DownloadFile && isUploadDone(message) && Boolean(payload.fileUrl);

  const handleDownload = async () => {
    setError(false);
    try {
      await downloadAsBlob(payload.fileUrl, payload.fileName);
    } catch {
      setError(true);
    }
  };

  return (
    <div className="lc-file">
      <span className={`lc-file__icon lc-file__icon--${fileKindOf(payload.fileName)}`} aria-hidden="true">
        {fileBadge(payload.fileName)}
      </span>
      <span className="lc-file__text">
        <bdi className="lc-file__name" title={payload.fileName}>
          {payload.fileName}
        </bdi>
        <span className="lc-file__size">
          {formatFileSize(payload.fileSize)}
          {error && (
            <span className="lc-file__error" role="alert">
              {' · '}
              {t('downloadFailed')}
            </span>
          )}
        </span>
      </span>
      {canDownload && (
        <button
          type="button"
          className="lc-file__download"
          aria-label={`${t('download')} ${payload.fileName}`}
          title={t('download')}
          onClick={() => void handleDownload()}
        >
          <DownloadIcon />
        </button>
      )}
    </div>
  );
};
