import type { Message } from '@liaison/sdk';

/** How often a sending message's upload progress is copied to its row. */
const PROGRESS_INTERVAL_MS = 150;

/**
 * The SDK moves message.progress on its own object as the upload goes; the row shows a copy, so
 * `onChange` is called (at most every 150 ms) while the message is being sent and its progress
 * moved. Returns the function that stops watching.
 */
export function watchUploadProgress(message: Message, onChange: () => void): () => void {
  let shownProgress = message.progress;
  const timer = setInterval(() => {
    if (message.progress === shownProgress || message.status !== 'unSend') return;
    shownProgress = message.progress;
    onChange();
  }, PROGRESS_INTERVAL_MS);
  return () => clearInterval(timer);
}
