import { type ReactNode, useRef } from 'react';
import { useModalFrame } from './use-modal-frame';
import './side-panel.css';

export interface SidePanelProps {
  /** The panel's own block class; its `--h5` variant is added on phones as well. */
  className: string;
  /** Phones: the panel takes the whole screen. */
  isH5: boolean;
  /** The id of the panel's title (a `lc-side-panel__title` heading inside it). */
  titleID: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * A panel beside the chat (the group panel, the in-conversation search): a drawer at the chat's
 * right on desktop, the whole screen on phones. It holds the keyboard while open (useModalFrame):
 * Escape closes it and focus goes back where it was.
 */
export function SidePanel({ className, isH5, titleID, onClose, children }: SidePanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { onKeyDown } = useModalFrame(ref, onClose);
  return (
    <div
      ref={ref}
      className={`lc-side-panel ${className}${isH5 ? ` lc-side-panel--h5 ${className}--h5` : ''}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleID}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}
