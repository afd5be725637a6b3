/**
 * The call UI's line icons, drawn inline (no asset to load). Decorative: the button or mark that
 * holds one carries its label.
 */
import type { ReactNode } from 'react';
import { LineIcon } from '../common/LineIcon';

export type CallIconName =
  | 'phone'
  | 'video'
  | 'hangup'
  | 'mic'
  | 'micOff'
  | 'camera'
  | 'cameraOff'
  | 'switchCamera'
  | 'minimise';

const PATHS: Record<CallIconName, ReactNode> = {
  phone: <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />,
  video: (
    <>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="M16 10l6-3v10l-6-3z" />
    </>
  ),
  hangup: <path d="M3 15.5c5-5 13-5 18 0l-2.5 2.5-3.5-1.5v-3a10 10 0 0 0-6 0v3L5.5 18z" />,
  mic: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </>
  ),
  micOff: (
    <>
      <path d="M9 9V6a3 3 0 0 1 6 0v5M15 13.5A3 3 0 0 1 9 11" />
      <path d="M5 11a7 7 0 0 0 11.5 5.3M19 11a7 7 0 0 1-.5 2.6M12 18v3M3 3l18 18" />
    </>
  ),
  camera: (
    <>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="M16 10l6-3v10l-6-3z" />
    </>
  ),
  cameraOff: (
    <>
      <path d="M10 6h4a2 2 0 0 1 2 2v4M16 16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2" />
      <path d="M16 10l6-3v10l-4-2M3 3l18 18" />
    </>
  ),
  switchCamera: (
    <>
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <path d="M9 13a3 3 0 0 1 5-2.2M15 13a3 3 0 0 1-5 2.2M14 9v2h-2M10 17v-2h2" />
    </>
  ),
  minimise: <path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" />,
};

export function CallIcon({ name, size = 20 }: { name: CallIconName; size?: number }) {
  return <LineIcon size={size}>{PATHS[name]}</LineIcon>;
}
