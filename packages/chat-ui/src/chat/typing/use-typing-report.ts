import { useEffect } from 'react';
import { useKit } from '../../core/kit-context';
import { TypingReporter } from './typing-reporter';

/**
 * Reports the user's typing in a C2C conversation from its composer's editable element (see
 * TypingReporter). Watching the element itself (its content and focus) keeps this independent of
 * the editor behind it, and sees every way the text changes: typing, pasting, and the clearing that
 * follows a send. Groups have no typing state. It leaves typing when it unmounts.
 */
export function useTypingReport(conversationID: string, editable: HTMLElement | null): void {
  const { chat } = useKit();
  useEffect(() => {
    if (!editable || !conversationID.startsWith('C2C')) return;
    const reporter = new TypingReporter({
      enter: () => chat.enterTypingState({ conversationID }),
      leave: () => chat.leaveTypingState({ conversationID }),
    });
    let lastText = contentOf(editable);
    const state = () => ({
      hasText: lastText !== '',
      hasFocus: editable.contains(editable.ownerDocument.activeElement),
    });
    const handleMutation = () => {
      const text = contentOf(editable);
      // Decorations (the placeholder) change the element too; only a change of the text is input.
      if (text === lastText) return;
      lastText = text;
      reporter.input(state());
    };
    const handleFocus = () => reporter.focus(state());
    const observer = new MutationObserver(handleMutation);
    observer.observe(editable, { subtree: true, childList: true, characterData: true });
    editable.addEventListener('focusout', handleFocus);
    return () => {
      observer.disconnect();
      editable.removeEventListener('focusout', handleFocus);
      reporter.leave();
    };
  }, [chat, conversationID, editable]);
}

/**
 * What the editor holds, for telling whether it is empty and whether it changed: its text, plus
 * the emoji pictures' tags (an editor's own helper images carry none).
 */
function contentOf(element: HTMLElement): string {
  const text = element.textContent?.trim() ?? '';
  const emoji = Array.from(element.querySelectorAll('img[data-emoji]'), (img) => img.getAttribute('data-emoji'));
  return `${text}${emoji.join('')}`;
}
