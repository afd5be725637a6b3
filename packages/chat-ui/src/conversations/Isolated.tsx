import { Fragment } from 'react';
import type { AbstractPart } from './conversation-display';

/**
 * Text made of parts, each user-supplied part in its own <bdi>, so a right-to-left override in a
 * name or a message cannot reorder the text around it (`gnp.exe` shown as `exe.png`).
 */
export function Isolated({ parts }: { parts: AbstractPart[] }) {
  return parts.map((part, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
    part.isUserText ? <bdi key={index}>{part.text}</bdi> : <Fragment key={index}>{part.text}</Fragment>,
  );
}
