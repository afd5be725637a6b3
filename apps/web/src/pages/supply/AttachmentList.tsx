import { PaperClipOutlined } from '@ant-design/icons';
import type { AbilityAttachment } from '@liaison/protocol';
import { fileUrl } from '../../api/upload';

/** An ability's attachments, each downloaded under the name it was uploaded with. */
export function AttachmentList({ attachments }: { attachments: AbilityAttachment[] }) {
  return (
    <ul className="attachments" aria-label="附件">
      {attachments.map((file) => (
        <li key={file.fileName}>
          <PaperClipOutlined aria-hidden />
          <a href={fileUrl(file.fileName)} download={file.originalName}>
            {file.originalName}
          </a>
          <span className="attachments__size">{formatSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
