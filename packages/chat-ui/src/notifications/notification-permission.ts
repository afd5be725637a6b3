/**
 * Asks for the permission to show desktop notifications when the user first sends a message from
 * the composer under `root` (Enter in the editor, or the send button), or first starts or answers
 * a call (a call button or the ringing dialog's accept): moments where the question makes sense
 * (a user who only calls and never writes would otherwise miss the next call while the tab is
 * hidden), and user gestures, which browsers require. Never on page load, and only while the user
 * has not decided yet. Returns a function that stops waiting.
 */
export function askNotificationPermissionOnFirstUse(
  root: HTMLElement,
  NotificationImpl: typeof Notification | undefined = globalThis.Notification,
): () => void {
  if (NotificationImpl?.permission !== 'default') return () => undefined;
  const stop = () => {
    root.removeEventListener('keydown', handleKey, true);
    root.removeEventListener('click', handleClick, true);
  };
  const ask = () => {
    stop();
    if (NotificationImpl.permission === 'default') void NotificationImpl.requestPermission().catch(() => undefined);
  };
  function handleKey(event: KeyboardEvent) {
    const isSend = event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.isComposing;
    if (isSend && isInComposer(event.target)) ask();
  }
  function handleClick(event: MouseEvent) {
    if (event.target instanceof Element && event.target.closest(ASKING_BUTTONS)) ask();
  }
  root.addEventListener('keydown', handleKey, true);
  root.addEventListener('click', handleClick, true);
  return stop;
}

/** The composer's send button, the call buttons of the chat header and toolbar, and accepting a call. */
const ASKING_BUTTONS = '.lc-composer__send, .lc-call-start, .lc-call-button--accept';

function isInComposer(target: EventTarget | null): boolean {
  return (
    target instanceof Element && target.closest('.lc-composer') !== null && target.closest('[role="textbox"]') !== null
  );
}
