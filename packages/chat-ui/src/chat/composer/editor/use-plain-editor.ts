import { useEffect, useRef, useState } from 'react';
import { PlainEditor, type PlainEditorOptions } from './plain-editor';

/**
 * Mounts a PlainEditor in the element `mountRef` points at, once, for the component's life
 * (StrictMode's second mount gets a new one). Options are read when it is created; callbacks are
 * called through refs so they may change every render.
 */
export function usePlainEditor(options: PlainEditorOptions & { autofocus: boolean }): {
  mountRef: React.RefObject<HTMLDivElement | null>;
  editor: PlainEditor | null;
} {
  const mountRef = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<PlainEditor | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    const created = new PlainEditor(mount, {
      ...latest.current,
      handleKeyDown: (view, event) => latest.current.handleKeyDown?.(view, event) ?? false,
      handlePaste: (view, event, slice) => latest.current.handlePaste?.(view, event, slice) ?? false,
      handleDrop: (view, event, slice, moved) => latest.current.handleDrop?.(view, event, slice, moved) ?? false,
      onChange: (text) => latest.current.onChange?.(text),
      onUpdate: (view) => latest.current.onUpdate?.(view),
    });
    if (latest.current.autofocus) created.focusEnd();
    setEditor(created);
    return () => {
      setEditor(null);
      created.destroy();
    };
  }, []);

  return { mountRef, editor };
}
