import type { Message } from '@liaison/sdk';
import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { isUploadDone, type MessageOf } from '../../../chat/message/message-of';
import { VideoDialog } from '../../../chat/message/VideoDialog';
import { formatDuration } from '../../../chat/message/VideoMessage';
import { ImagePreviewProvider, useImagePreview } from '../../../chat/preview/preview-context';
import { toPreviewImage } from '../../../chat/preview/preview-image';
import { useConversationSearchText } from '../../../i18n/conversation-search-text';
import { LocateButton, type ResultListProps } from './ResultParts';

/**
 * Image and video results as a grid of thumbnails, newest first. A picture opens the kit's previewer,
 * which pages through the pictures found (oldest to newest, as in the chat); a video plays in a
 * dialog. Each cell has its own 'Locate in chat'.
 */
export function MediaResults({ messages, onLocate }: Omit<ResultListProps, 'keywords'>) {
  const chronological = useMemo(() => [...messages].reverse(), [messages]);
  const [playing, setPlaying] = useState<MessageOf<'TIMVideoFileElem'> | null>(null);
  return (
    <ImagePreviewProvider messages={chronological}>
      <ul className="lc-csearch__grid">
        {messages.map((message) => (
          <MediaCell key={message.ID} message={message} onLocate={onLocate} onPlay={setPlaying} />
        ))}
      </ul>
      {playing &&
        createPortal(
          <VideoDialog
            source={playing.payload.remoteVideoUrl || playing.payload.videoUrl}
            poster={playing.payload.snapshotUrl || undefined}
            onClose={() => setPlaying(null)}
          />,
          document.body,
        )}
    </ImagePreviewProvider>
  );
}

function MediaCell({
  message,
  onLocate,
  onPlay,
}: {
  message: Message;
  onLocate(message: Message): void;
  onPlay(message: MessageOf<'TIMVideoFileElem'>): void;
}) {
  const t = useConversationSearchText();
  const preview = useImagePreview();
  const id = useId();
  const canOpen = isUploadDone(message) && !message.hasRiskContent;
  let thumbnail = '';
  let label = '';
  let duration = '';
  let handleOpen = () => {};
  if (message.type === 'TIMImageElem') {
    const [original, large, small] = message.payload.imageInfoArray;
    thumbnail = small?.url || large?.url || original?.url || '';
    label = t('openImage');
    handleOpen = () => preview?.openImage(toPreviewImage(message));
  } else if (message.type === 'TIMVideoFileElem') {
    thumbnail = message.payload.thumbUrl || message.payload.snapshotUrl;
    duration = message.payload.videoSecond > 0 ? formatDuration(message.payload.videoSecond) : '';
    label = duration ? `${t('playVideo')} ${duration}` : t('playVideo');
    handleOpen = () => onPlay(message);
  } else {
    return null;
  }
  return (
    <li className="lc-csearch__cell">
      <button
        id={id}
        type="button"
        className="lc-csearch__thumb"
        aria-label={label}
        disabled={!canOpen}
        onClick={handleOpen}
      >
        {thumbnail ? (
          <img src={thumbnail} alt="" loading="lazy" draggable={false} />
        ) : (
          <span className="lc-csearch__thumb-none" />
        )}
        {message.type === 'TIMVideoFileElem' && (
          <>
            <span className="lc-csearch__play" aria-hidden="true">
              ▶
            </span>
            {duration && (
              <span className="lc-csearch__duration" aria-hidden="true">
                {duration}
              </span>
            )}
          </>
        )}
      </button>
      <LocateButton message={message} describedBy={id} onLocate={onLocate} isCompact />
    </li>
  );
}
