/** The search panel's icons: inline and decorative (the controls carry the labels). */

export function SearchIcon({ size = 20 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.2 1.2-4.3-4.3A7.5 7.5 0 1 1 10.5 3zm0 1.7a5.8 5.8 0 1 0 0 11.6 5.8 5.8 0 0 0 0-11.6z"
        fill="currentColor"
      />
    </svg>
  );
}

/** A crosshair: go to the message in the chat. */
export function LocateIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </svg>
  );
}
