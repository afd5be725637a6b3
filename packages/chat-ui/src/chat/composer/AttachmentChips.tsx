import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentKind, formatFileSize, truncateFileName } from './attachments';
import { ToolbarIcon } from './icons';

export interface AttachmentChipsProps {
  files: readonly File[];
  onRemove(index: number): void;
}

/**
 * Files pasted or dropped into the composer, waiting for Enter (spec chat.md §5): a picture shows
 * as itself; any other file as a 160x50 card with its icon, name (cut after about 16 width units)
 * and size. Each can be removed before sending.
 */
export function AttachmentChips({ files, onRemove }: AttachmentChipsProps) {
  const { t } = useTranslation('chat');
  if (files.length === 0) return null;
  return (
    <ul className="lc-attachments" aria-label={t('attachments')}>
      {files.map((file, index) => (
        // Files have no identity but their place; removing one re-keys the rest, which is harmless here.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={`${index}-${file.name}`} className="lc-attachments__item">
          {attachmentKind(file) === 'image' ? (
            <ImageChip file={file} />
          ) : (
            <span className="lc-attachments__file" title={file.name}>
              <ToolbarIcon name={attachmentKind(file) === 'video' ? 'video' : 'file'} />
              <span className="lc-attachments__text">
                <span className="lc-attachments__name">{truncateFileName(file.name)}</span>
                <span className="lc-attachments__size">{formatFileSize(file.size)}</span>
              </span>
            </span>
          )}
          <button
            type="button"
            className="lc-attachments__remove"
            aria-label={t('removeAttachment', { name: file.name })}
            onClick={() => onRemove(index)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

function ImageChip({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img className="lc-attachments__image" src={url} alt={file.name} />;
}
