import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKit } from '../../core/kit-context';
import { downloadAsBlob } from '../message/download';
import { useFocusTrap } from './focus-trap';
import { canSaveImage, type PreviewImage, savedImageName } from './preview-image';
import { buttonZoom, INITIAL_VIEW, pinchZoom, rotate, swipeDirection, type View, wheelZoom } from './zoom';
import './preview.css';

export interface ImagePreviewerProps {
  images: readonly PreviewImage[];
  initialIndex: number;
  onClose(): void;
}

/**
 * The image previewer (spec chat.md §2, §5): zoom (wheel, buttons, pinch), rotate, previous/next
 * (buttons and arrow keys on desktop, a swipe over 100 px on phones), 'n / total', save (jpg, gif,
 * png, bmp only), Esc closes. Switching image resets zoom and rotation. A modal dialog: focus
 * stays inside it and returns to the picture on close.
 */
export function ImagePreviewer({ images, initialIndex, onClose }: ImagePreviewerProps) {
  const { t } = useTranslation('message');
  const { isH5 } = useKit();
  const dialog = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(() => Math.min(Math.max(initialIndex, 0), images.length - 1));
  const [view, setView] = useState<View>(INITIAL_VIEW);
  const [error, setError] = useState<string | null>(null);
  useFocusTrap(dialog);
  const image = images[index];
  const total = images.length;

  const go = useCallback(
    (step: -1 | 1) => {
      const next = index + step;
      if (next < 0 || next >= total) return;
      setIndex(next);
      setView(INITIAL_VIEW);
      setError(null);
    },
    [index, total],
  );

  const handleSave = async () => {
    if (!image) return;
    if (!image.originalSrc) return setError(t('imageUrlMissing'));
    if (!canSaveImage(image)) return setError(t('cannotDownloadType'));
    try {
      await downloadAsBlob(image.originalSrc, savedImageName(image));
    } catch {
      setError(t('imageDownloadFailed'));
    }
  };

  // On the document, not the dialog: a button that gets disabled (the last image's 'next') drops
  // focus to the page, and the keys must still work.
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      } else if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'ArrowRight') go(1);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [go, onClose]);

  // A native, non-passive listener: the wheel zooms the picture and must not scroll the page behind.
  const stage = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const handleWheel = (event: WheelEvent) => {
      event.preventDefault();
      setView((v) => ({ ...v, zoom: wheelZoom(v.zoom, event.deltaY) }));
    };
    element.addEventListener('wheel', handleWheel, { passive: false });
    return () => element.removeEventListener('wheel', handleWheel);
  }, []);
  const gestures = useTouchGestures(view.zoom, (zoom) => setView((v) => ({ ...v, zoom })), go);

  if (!image) return null;
  return (
    <div className="lc-preview">
      <div
        ref={dialog}
        className="lc-preview__dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t('previewer')}
        tabIndex={-1}
      >
        <div
          ref={stage}
          className="lc-preview__stage"
          onPointerDown={gestures.onPointerDown}
          onPointerMove={gestures.onPointerMove}
          onPointerUp={gestures.onPointerUp}
          onPointerCancel={gestures.onPointerUp}
        >
          <img
            key={image.id}
            className="lc-preview__image"
            src={image.src}
            alt={t('image')}
            draggable={false}
            style={{ transform: `scale(${view.zoom}) rotate(${view.rotate}deg)` }}
          />
        </div>
        <button
          type="button"
          className="lc-preview__close"
          aria-label={t('close')}
          title={t('close')}
          onClick={onClose}
          data-autofocus
        >
          ×
        </button>
        {!isH5 && total > 1 && (
          <>
            <button
              type="button"
              className="lc-preview__nav lc-preview__nav--prev"
              aria-label={t('previous')}
              title={t('previous')}
              disabled={index === 0}
              onClick={() => go(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="lc-preview__nav lc-preview__nav--next"
              aria-label={t('next')}
              title={t('next')}
              disabled={index === total - 1}
              onClick={() => go(1)}
            >
              ›
            </button>
          </>
        )}
        {error && (
          <p className="lc-preview__error" role="alert">
            {error}
          </p>
        )}
        <div className="lc-preview__toolbar">
          <ToolButton label={t('zoomOut')} onClick={() => setView((v) => ({ ...v, zoom: buttonZoom(v.zoom, -1) }))}>
            −
          </ToolButton>
          <span className="lc-preview__zoom" aria-live="polite">
            {Math.round(view.zoom * 100)}%
          </span>
          <ToolButton label={t('zoomIn')} onClick={() => setView((v) => ({ ...v, zoom: buttonZoom(v.zoom, 1) }))}>
            +
          </ToolButton>
          <ToolButton label={t('rotateLeft')} onClick={() => setView((v) => ({ ...v, rotate: rotate(v.rotate, -1) }))}>
            ⟲
          </ToolButton>
          <ToolButton label={t('rotateRight')} onClick={() => setView((v) => ({ ...v, rotate: rotate(v.rotate, 1) }))}>
            ⟳
          </ToolButton>
          <span className="lc-preview__counter">
            {index + 1} / {total}
          </span>
          <ToolButton label={t('save')} onClick={() => void handleSave()}>
            ⤓
          </ToolButton>
        </div>
      </div>
    </div>
  );
}

function ToolButton({ label, onClick, children }: { label: string; onClick(): void; children: string }) {
  return (
    <button type="button" className="lc-preview__tool" aria-label={label} title={label} onClick={onClick}>
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** Pinch zoom with two fingers and a horizontal swipe with one (only when not zoomed in). */
function useTouchGestures(zoom: number, setZoom: (zoom: number) => void, go: (step: -1 | 1) => void) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const swipeStartX = useRef<number | null>(null);

  const distance = () => {
    const [a, b] = Array.from(pointers.current.values());
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType !== 'touch') return;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.current.size === 2) {
        pinch.current = { distance: distance(), zoom };
        swipeStartX.current = null;
      } else if (pointers.current.size === 1) swipeStartX.current = event.clientX;
    },
    onPointerMove(event: PointerEvent) {
      if (!pointers.current.has(event.pointerId)) return;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch.current && pointers.current.size === 2)
        setZoom(pinchZoom(pinch.current.zoom, pinch.current.distance, distance()));
    },
    onPointerUp(event: PointerEvent) {
      if (!pointers.current.delete(event.pointerId)) return;
      if (pointers.current.size < 2) pinch.current = null;
      const startX = swipeStartX.current;
      swipeStartX.current = null;
      if (startX === null || zoom > 1) return;
      const step = swipeDirection(event.clientX - startX);
      if (step !== 0) go(step);
    },
  };
}
