/** The toolbar's icons: inline, so they never fail to load; decorative (the buttons carry the labels). */
const PATHS = {
  emoji:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 1.6a7.4 7.4 0 1 1 0 14.8 7.4 7.4 0 0 1 0-14.8zM9 9.2a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zm6 0a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zm-7 4.6a4.3 4.3 0 0 0 8 0z',
  image:
    'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm.6 1.6v9.2l4.4-4.4 3 3 2.5-2.5 4.9 4.9V6.6zM15.5 8a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z',
  file: 'M6 3h8l5 5v12a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm.6 1.6v14.8h10.8V9H13V4.6zM14.6 5.7v1.7h1.7z',
  video:
    'M4 6h11a1 1 0 0 1 1 1v2.5l4-2.5v10l-4-2.5V17a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm.6 1.6v8.8h9.8V7.6z',
  voice:
    'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zm0 1.6A1.4 1.4 0 0 0 10.6 6v6a1.4 1.4 0 0 0 2.8 0V6A1.4 1.4 0 0 0 12 4.6zM6.2 11h1.6a4.2 4.2 0 0 0 8.4 0h1.6a5.8 5.8 0 0 1-5 5.7V20h-1.6v-3.3a5.8 5.8 0 0 1-5-5.7z',
  evaluation:
    'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.9zm0 3.6l-1.6 3.2-3.5.5 2.6 2.5-.6 3.5 3.1-1.7 3.1 1.7-.6-3.5 2.6-2.5-3.5-.5z',
  quickReplies:
    'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-4 3.5V17H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm.6 1.6v9.8h2v1.6l1.8-1.6h11V5.6zM13 6.5l-3 4.3h2.2l-.7 3.7 3.3-4.6h-2.3z',
} as const;

export type ToolbarIconName = keyof typeof PATHS;

export function ToolbarIcon({ name }: { name: ToolbarIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
