import { useRef } from 'react';
import { ToolbarIcon, type ToolbarIconName } from './icons';

export interface FilePickerButtonProps {
  label: string;
  icon: ToolbarIconName;
  /** The input's accept list (spec §5); empty for any file. */
  accept: string;
  onFiles(files: File[]): void;
}

/** A toolbar button that opens the system file picker (several files at once) through a hidden input. */
export function FilePickerButton({ label, icon, accept, onFiles }: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="lc-icon-button"
        aria-label={label}
        title={label}
        onClick={() => input.current?.click()}
      >
        <ToolbarIcon name={icon} />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept || undefined}
        aria-label={label}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Clear it so picking the same file again is a change again.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
