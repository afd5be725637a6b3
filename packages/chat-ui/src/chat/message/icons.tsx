/**
 * Small line icons for message bodies, drawn inline so they look the same on every system (emoji
 * pictographs depend on the fonts installed). Decorative: the text next to them, or the label
 * their container carries, says what they mean.
 */
import { LineIcon } from '../../common/LineIcon';

const SIZE = 16;

export function PinIcon() {
  return (
    <LineIcon size={SIZE}>
      <path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </LineIcon>
  );
}

export function PhoneIcon() {
  return (
    <LineIcon size={SIZE}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
    </LineIcon>
  );
}

export function CameraIcon() {
  return (
    <LineIcon size={SIZE}>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="M16 10l6-3v10l-6-3z" />
    </LineIcon>
  );
}

export function DownloadIcon() {
  return (
    <LineIcon size={SIZE}>
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </LineIcon>
  );
}
