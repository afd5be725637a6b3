import type { ReactNode } from 'react';

/**
 * The kit's line icons: a 24-unit stroke drawing in the text colour, inline so it looks the same on
 * every system. Decorative: the control or text beside it says what it means.
 */
export function LineIcon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
