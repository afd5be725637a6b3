import { memo, useState } from 'react';

/** A neutral silhouette, inline so it never fails to load (spec chat.md §3: the fallback). */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#dcdfe6"/>' +
      '<circle cx="18" cy="14" r="7" fill="#fff"/><path d="M5 34c1.5-8 7-12 13-12s11.5 4 13 12z" fill="#fff"/></svg>',
  );

/** Three figures, for a group without its own picture (never the person silhouette). */
export const DEFAULT_GROUP_AVATAR =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#c6d8f5"/>' +
      '<circle cx="10" cy="15" r="4" fill="#fff" fill-opacity=".75"/><path d="M2 30c.8-5 4-7.5 8-7.5s7.2 2.5 8 7.5z" fill="#fff" fill-opacity=".75"/>' +
      '<circle cx="26" cy="15" r="4" fill="#fff" fill-opacity=".75"/><path d="M18 30c.8-5 4-7.5 8-7.5s7.2 2.5 8 7.5z" fill="#fff" fill-opacity=".75"/>' +
      '<circle cx="18" cy="12.5" r="5" fill="#fff"/><path d="M8 31c1-6.5 5-9.5 10-9.5s9 3 10 9.5z" fill="#fff"/></svg>',
  );

/** After this many failed loads of the given picture, the default is shown instead (spec §3). */
export const AVATAR_MAX_FAILURES = 3;

export interface AvatarProps {
  url?: string | undefined;
  /** What the picture shows, for assistive technology; decorative when empty. */
  label?: string;
  /** Pixels; 36 by default (spec §3). */
  size?: number;
  /** A group's avatar: its fallback is the group picture, not a person's. */
  isGroup?: boolean;
}

/** The kit's avatar: 36 px, 5 px radius; a broken picture is retried, then replaced by the default. */
export const Avatar = memo(function Avatar({ url, label = '', size = 36, isGroup = false }: AvatarProps) {
  const [failures, setFailures] = useState(0);
  const fallback = isGroup ? DEFAULT_GROUP_AVATAR : DEFAULT_AVATAR;
  const src = url && failures < AVATAR_MAX_FAILURES ? url : fallback;
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
