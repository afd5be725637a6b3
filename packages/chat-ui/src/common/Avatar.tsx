import { memo, useState } from 'react';

/** A neutral silhouette, inline so it never fails to load (spec chat.md §3: the fallback). */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#dcdfe6"/>' +
      '<circle cx="18" cy="14" r="7" fill="#fff"/><path d="M5 34c1.5-8 7-12 13-12s11.5 4 13 12z" fill="#fff"/></svg>',
  );

/** After this many failed loads of the given picture, the default is shown instead (spec §3). */
export const AVATAR_MAX_FAILURES = 3;

export interface AvatarProps {
  url?: string | undefined;
  /** What the picture shows, for assistive technology; decorative when empty. */
  label?: string;
  /** Pixels; 36 by default (spec §3). */
  size?: number;
}

/** The kit's avatar: 36 px, 5 px radius; a broken picture is retried, then replaced by the default. */
export const Avatar = memo(function Avatar({ url, label = '', size = 36 }: AvatarProps) {
  const [failures, setFailures] = useState(0);
  const src = url && failures < AVATAR_MAX_FAILURES ? url : DEFAULT_AVATAR;
  return (
    <img
      className="lc-avatar"
      // A changed key remounts the img, which makes the browser try the same URL again.
      key={`${src}#${failures}`}
      src={src}
      alt={label}
      width={size}
      height={size}
      style={{ width: size, height: size, borderRadius: 5, objectFit: 'cover', flex: 'none' }}
      onError={() => setFailures((n) => n + 1)}
    />
  );
});
