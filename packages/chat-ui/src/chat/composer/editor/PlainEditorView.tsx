import { useEffect, useRef } from 'react';
import { PlainEditor, type PlainEditorOptions } from './plain-editor';

export interface PlainEditorViewProps {
  className: string;
  /** Read when the editor is made; its callbacks are called through a ref, so they may change every render. */
  options: PlainEditorOptions & {
    /** Asked once the editor is there: should it take the focus (with the caret at the end)? */
    shouldFocus(): boolean;
  };
  /** The editor once it is made, and null when it goes (StrictMode's second mount makes a new one). */
  onEditor(editor: PlainEditor | null): void;
}

/**
 * Mounts a PlainEditor for the component's life. Its own module, with ProseMirror: the composer
 * fetches it apart from the kit (see Composer).
 */
export function PlainEditorView({ className, options, onEditor }: PlainEditorViewProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ options, onEditor });
  latest.current = { options, onEditor };

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    const current = () => latest.current.options;
    const created = new PlainEditor(mount, {
      ...current(),
      isMentionEnabled: () => current().isMentionEnabled?.() ?? false,
      handleKeyDown: (editor, event) => current().handleKeyDown?.(editor, event) ?? false,
      handlePaste: (editor, event) => current().handlePaste?.(editor, event) ?? false,
      handleDrop: (editor, event, moved) => current().handleDrop?.(editor, event, moved) ?? false,
      onChange: (text) => current().onChange?.(text),
      onUpdate: (editor) => current().onUpdate?.(editor),
    });
    if (current().shouldFocus()) created.focusEnd();
    latest.current.onEditor(created);
    return () => {
      latest.current.onEditor(null);
      created.destroy();
    };
  }, []);

  return <div ref={mountRef} className={className} />;
}
